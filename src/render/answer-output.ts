import type { AnswerBody } from "../answer/answer.js";
import { csvForTerminal, terminalJson } from "./terminal-text.js";
import type { DataFormat, OutputFormat } from "./output-formats.js";
import { primaryRows, resultFields, type RenderableAnswer } from "./renderable-answer.js";

// The renderers load only for the format asked: a one-shot `ask --format json` needs none of them.

/**
 * An answer written in one output format, the one switch the CLI's `ask` and
 * the REPL share: json is the whole body, csv the primary table, chart_data a
 * Vega-Lite spec, table and chart the terminal text. Control characters of the
 * data are written as visible escapes: JSON keeps its meaning that way, and
 * csv is changed only for a terminal (a file gets its data as it is).
 *
 * @example
 * process.stdout.write(await renderAnswerOutput(answered, "csv", { width: 100 }));
 */
export async function renderAnswerOutput(
  answer: RenderableAnswer,
  format: OutputFormat,
  options: { width: number; terminal: boolean },
): Promise<string> {
  switch (format) {
    case "json":
      return `${terminalJson(answer.body, 2)}\n`;
    case "csv": {
      const csv = await primaryCsv(answer);
      return options.terminal ? csvForTerminal(csv) : csv;
    }
    case "chart_data":
      return `${terminalJson(await chartData(answer), 2)}\n`;
    default: {
      const { renderAnswerText } = await import("./terminal-answer.js");
      return renderAnswerText(answer, { mode: format, width: options.width });
    }
  }
}

/**
 * The API's body for a data format: the answer's body, with the primary
 * table's csv text in `result.csv` or the chart spec in `result.chart`.
 */
export async function answerBodyAs(answer: RenderableAnswer, format: DataFormat): Promise<AnswerBody> {
  if (format === "json") return answer.body;
  const extra = format === "csv" ? { csv: await primaryCsv(answer) } : { chart: await chartData(answer) };
  return { ...answer.body, result: { ...answer.body.result, ...extra } };
}

/** The primary table as csv; a single object (not a list) has no csv rows. */
export async function primaryCsv(answer: RenderableAnswer): Promise<string> {
  const { tableToCsv } = await import("./csv.js");
  return tableToCsv(Array.isArray(resultFields(answer)[answer.primaryKey]) ? primaryRows(answer) : []);
}

async function chartData(answer: RenderableAnswer): Promise<Record<string, unknown>> {
  const { chartSpec } = await import("./chart-spec.js");
  return chartSpec(answer.body.result, answer.primaryKey, answer.understanding);
}
