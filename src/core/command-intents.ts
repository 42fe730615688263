/**
 * The intents that change the account (contract: `refresh_data`,
 * `create_alert`, `update_settings`, `delete_alert`): the API asks for the
 * `write` scope before running them, and read-only uses of answers (comparing
 * two mirrors) leave them out.
 */
import type { Intent } from "./understanding.js";

export const COMMAND_INTENTS = [
  "refresh_data",
  "create_alert",
  "update_settings",
  "delete_alert",
] as const satisfies readonly Intent[];

/** Whether an intent changes the account. */
export function isCommandIntent(intent: string): boolean {
  return (COMMAND_INTENTS as readonly string[]).includes(intent);
}
