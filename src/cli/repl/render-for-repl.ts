import { renderAnswerOutput } from "../../render/answer-output.js";
import { renderExplain } from "../../render/explain.js";
import type { RenderableAnswer } from "../../render/renderable-answer.js";
import type { ReplSettings } from "./repl-session.js";

/** An answer as the REPL prints it: in the session's format, after the explanation when it is on. */
export async function renderForRepl(answer: RenderableAnswer, settings: ReplSettings, width: number): Promise<string> {
  const parts: string[] = [];
  if (settings.explain) parts.push(renderExplain(answer, width));
  parts.push(await renderAnswerOutput(answer, settings.format, { width, terminal: true }));
  return parts.join("\n").replace(/\s+$/, "");
}
