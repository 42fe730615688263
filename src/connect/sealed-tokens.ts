/**
 * Whether the refresh tokens stored sealed (store/secret-box.ts) open with a
 * key: a mirror copied elsewhere keeps its tokens as they are, so they stay
 * usable only where the same key is given.
 */
import type { Connection } from "../store/connections.js";
import type { SecretBox } from "../store/secret-box.js";

export interface SealedTokenCheck {
  /** Tokens stored sealed (a connection's SP-API and advertising tokens count apart). */
  sealed: number;
  /** Of those, how many the key opens. */
  opened: number;
  /** The connections with a token the key does not open. */
  unreadable: string[];
}

/** The sealed tokens of these connections, tried with `box` (each with the context it was sealed with). */
export function checkSealedTokens(connections: readonly Connection[], box: SecretBox): SealedTokenCheck {
  const check: SealedTokenCheck = { sealed: 0, opened: 0, unreadable: [] };
  for (const c of connections) {
    const tokens: [string | null, string][] = [
      [c.refresh_token, c.id],
      [c.ads_refresh_token, `${c.id}:ads`],
    ];
    for (const [token, context] of tokens) {
      if (!token) continue;
      check.sealed++;
      try {
        box.open(token, context);
        check.opened++;
      } catch {
        if (!check.unreadable.includes(c.id)) check.unreadable.push(c.id);
      }
    }
  }
  return check;
}

/** How many sealed tokens the connections hold. */
export function sealedTokenCount(connections: readonly Connection[]): number {
  return connections.reduce((n, c) => n + (c.refresh_token ? 1 : 0) + (c.ads_refresh_token ? 1 : 0), 0);
}
