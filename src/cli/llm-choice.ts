import { usageError } from "../core/errors.js";
import type { CliIo } from "./io.js";

/** The parser's optional helper: a local Ollama model. */
export interface LlmChoice {
  provider: "ollama";
  model: string;
  host?: string;
}

/** `ollama:MODEL` as an LLM choice; the host comes from OLLAMA_HOST when set. */
export function parseLlmChoice(text: string, env: CliIo["env"]): LlmChoice {
  const match = /^ollama:(\S+)$/.exec(text.trim());
  if (!match) throw usageError(`--llm must be ollama:MODEL, e.g. ollama:llama3.2; got "${text}".`);
  return { provider: "ollama", model: match[1], ...(env.OLLAMA_HOST ? { host: env.OLLAMA_HOST } : {}) };
}
