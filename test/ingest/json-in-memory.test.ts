import { describe, expect, it } from "vitest";
import { forEachJsonArrayElement, forEachJsonObjectMember } from "../../src/ingest/json-stream.js";

async function* chunksOf(text: string, size: number): AsyncGenerator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

const SECTION = "salesAndTrafficByAsin";
const ENTRY = { childAsin: "B0TEST0001", salesByAsin: { unitsOrdered: 2 } };

/** Every call the reader makes, in order, and the error it ends with (if any). */
async function readObject(text: string, inMemory: boolean) {
  const calls: unknown[] = [];
  try {
    await forEachJsonObjectMember(
      chunksOf(text, 7),
      {
        streamed: new Set([SECTION]),
        onArrayStart: (key) => calls.push(["start", key]),
        onElement: (key, value, line) => calls.push(["element", key, value, line]),
        onMember: (key, value, line) => calls.push(["member", key, value, line]),
      },
      { name: "doc.json", inMemory },
    );
    return { calls };
  } catch (error) {
    return { calls, error: (error as Error).message };
  }
}

describe("a JSON document already in memory", () => {
  it.each([
    ["a one-line report", JSON.stringify({ reportSpecification: { reportType: "X" }, [SECTION]: [ENTRY, ENTRY] })],
    ["the same report on several lines", JSON.stringify({ reportSpecification: {}, [SECTION]: [ENTRY] }, null, 2)],
    ["a section given twice", `{"${SECTION}": [${JSON.stringify(ENTRY)}], "${SECTION}": []}`],
    ["a section spelled with an escape", `{"${SECTION}": [], "sales\\u0041ndTrafficByAsin": []}`],
    ["a section holding a number", `{"${SECTION}": [1, ${JSON.stringify(ENTRY)}]}`],
    ["a section that is not an array", `{"${SECTION}": {"a": 1}, "b": 2}`],
    ["a member named by a number", `{"b": 1, "7": 2, "${SECTION}": []}`],
    ["a truncated document", `{"${SECTION}": [${JSON.stringify(ENTRY)}, {"chi`],
    ["an array where an object is expected", `[${JSON.stringify(ENTRY)}]`],
    ["text after the object", `{"b": 1} x`],
  ])("gives the same calls as when streamed: %s", async (_name, text) => {
    const streamed = await readObject(text, false);
    expect(await readObject(text, true)).toEqual(streamed);
  });

  it.each([
    ["one line", `[${JSON.stringify(ENTRY)},${JSON.stringify(ENTRY)}]`],
    ["several lines", `[\n${JSON.stringify(ENTRY)},\n${JSON.stringify(ENTRY)}\n]\n`],
    ["a number among the elements", `[${JSON.stringify(ENTRY)}, 3]`],
  ])("reads an array's elements as the stream would: %s", async (_name, text) => {
    const read = async (inMemory: boolean) => {
      const seen: unknown[] = [];
      try {
        await forEachJsonArrayElement(chunksOf(text, 5), (value, line) => seen.push([line, value]), { inMemory });
        return { seen };
      } catch (error) {
        return { seen, error: (error as Error).message };
      }
    };
    expect(await read(true)).toEqual(await read(false));
  });
});
