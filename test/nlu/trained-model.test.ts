// The parser's model is trained by the build and written beside the compiled
// code; the one shipped must be what training on data/nlu gives today.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { trainParserModel, type TrainedParserModel } from "../../src/nlu/parser-model.js";

describe("the trained parser model", () => {
  const fresh = JSON.parse(JSON.stringify(trainParserModel())) as TrainedParserModel;
  it.each(["dist/core/parser-model.json", "dist/parser-model.json"])(
    "%s written by the build equals training on the vocabulary files now",
    (file) => {
      const shipped = JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), "utf8")) as TrainedParserModel;
      expect(shipped.dataHash).toBe(fresh.dataHash);
      expect(shipped).toEqual(fresh);
    },
  );
});
