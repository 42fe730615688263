import { describe, expect, it } from "vitest";
import { SellerAiError } from "../../src/core/errors.js";
import { cliSuggestions } from "../../src/cli/flag-hints.js";

describe("the CLI adds the flag to a library error about an input", () => {
  it.each([
    ["marketplace", "usage", ["Give the marketplace with --marketplace CODE."]],
    ["period", "usage", ["Give the day with --date YYYY-MM-DD, or the days with --period FROM..TO."]],
    ["account", "usage", ["Choose the account with --account ID."]],
    ["marketplace", "invalid_request", []],
    ["colour", "usage", []],
    [undefined, "usage", []],
  ] as const)("a %s error (%s) gets %j", (field, code, hints) => {
    const error = new SellerAiError(code, "something is wrong.", {
      suggestions: ["Try again."],
      ...(field ? { details: { field } } : {}),
    });
    expect(cliSuggestions(error)).toEqual(["Try again.", ...hints]);
  });
});
