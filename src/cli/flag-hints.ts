/**
 * Library errors say what is wrong with an input (details.field), not which
 * flag gives it; the CLI adds the flag here, so the same error reads right
 * from the API or any other caller.
 */
import type { SellerAiError } from "../core/errors.js";

const FLAG_HINTS: Record<string, string> = {
  marketplace: "Give the marketplace with --marketplace CODE.",
  period: "Give the day with --date YYYY-MM-DD, or the days with --period FROM..TO.",
  account: "Choose the account with --account ID.",
};

/** The error's suggestions, then the flag that gives the input a usage error is about. */
export function cliSuggestions(error: SellerAiError): string[] {
  const field = error.details.field;
  const hint = error.code === "usage" && typeof field === "string" ? FLAG_HINTS[field] : undefined;
  return hint ? [...error.suggestions, hint] : error.suggestions;
}
