import { renderExplain } from "../../render/explain.js";
import type { RenderableAnswer } from "../../render/renderable-answer.js";
import { renderAnswerText } from "../../render/terminal-answer.js";
import type { ReplSettings } from "./repl-session.js";

/** An answer as the REPL prints it: the terminal renderers' text, or the data formats as they are. */
export function renderForRepl(answer: RenderableAnswer, settings: ReplSettings, width: number): string {
  const parts: string[] = [];
  if (settings.explain) parts.push(renderExplain(answer, width));
  const result = answer.body.result;
  switch (settings.format) {
    case "json":
      parts.push(`${JSON.stringify(answer.body, null, 2)}\n`);
      break;
    case "csv":
      parts.push(typeof result.csv === "string" ? result.csv : "");
      break;
    case "chart_data":
      parts.push(`${JSON.stringify(result.chart, null, 2)}\n`);
      break;
    default:
      parts.push(renderAnswerText(answer, { mode: settings.format, width }));
  }
  return parts.join("\n").replace(/\s+$/, "");
}
