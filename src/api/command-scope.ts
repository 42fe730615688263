/**
 * Commands change the account (contract: `refresh_data`, `create_alert`,
 * `update_settings`, `delete_alert`): over the API they need a key with the
 * `write` scope. A key that may only query gets 403 naming the scope, before
 * anything is changed or counted.
 */
import { SellerAiError } from "../core/errors.js";
import { isCommandIntent } from "../core/command-intents.js";
import type { Understanding } from "../core/understanding.js";

export const WRITE_SCOPE = "write";

/** Throws forbidden when an understanding is a command and the key lacks the write scope. */
export function requireWriteScopeForCommands(scopes: ReadonlySet<string>): (understanding: Understanding) => void {
  return (understanding) => {
    if (!isCommandIntent(understanding.intent) || scopes.has(WRITE_SCOPE)) return;
    throw new SellerAiError(
      "forbidden",
      `${understanding.intent} changes the account: it needs an API key with the "${WRITE_SCOPE}" scope, and this key has ${[...scopes].join(", ") || "no scopes"}.`,
      {
        suggestions: [
          `Create a key that may write: seller-ai keys create --name NAME --plan PLAN --scopes query,${WRITE_SCOPE}`,
        ],
        details: { scope: WRITE_SCOPE },
      },
    );
  };
}
