import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export const KEY_PREFIX = "sk_live_";
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** 248 = 4 × 62: bytes at or above it are dropped so every character is equally likely. */
const UNBIASED_LIMIT = 248;
const KEY_BODY_LENGTH = 40;
const KEY_PATTERN = /^sk_live_[0-9A-Za-z]{32,128}$/;
/** How much of a key is kept for display: the fixed prefix and four characters. */
const DISPLAY_LENGTH = KEY_PREFIX.length + 4;

export const SCOPES = ["query", "insights", "connect", "webhooks", "write"] as const;
export type Scope = (typeof SCOPES)[number];

/**
 * Random base62 text from the system's CSPRNG, without modulo bias.
 *
 * @example
 * randomBase62(12) // "4fKq09ZbT1xe"
 */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= UNBIASED_LIMIT) continue;
      out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** A new secret key: `sk_live_` and 40 random base62 characters (about 238 bits). */
export function generateApiKey(): string {
  return KEY_PREFIX + randomBase62(KEY_BODY_LENGTH);
}

/** True when the text has the shape of a key; says nothing about whether it exists. */
export function isWellFormedKey(text: string): boolean {
  return KEY_PATTERN.test(text);
}

/** The SHA-256 of a key, hex: the only form in which keys are stored. */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

/** The part of a key shown in listings, e.g. `sk_live_4fKq`. */
export function displayPrefix(key: string): string {
  return key.slice(0, DISPLAY_LENGTH);
}

/** Compares two hex digests in constant time. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}
