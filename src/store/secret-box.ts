/**
 * Refresh tokens at rest: AES-256-GCM with a random 96-bit nonce per value,
 * the connection id as associated data (a sealed token cannot be moved to
 * another connection's row). The key is SELLER_AI_SECRET_KEY (32 bytes as
 * 64 hex digits or base64), else a key file made with mode 0600 beside the
 * mirror.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { SellerAiError } from "../core/errors.js";
import { isPostgresLocation } from "./mirror-path.js";

const VERSION = "v1";
export const KEY_FILE_NAME = "secret.key";

export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new SellerAiError("usage", "the secret key must be 32 bytes.");
  }

  seal(plaintext: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    cipher.setAAD(Buffer.from(context, "utf8"));
    const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    return [
      VERSION,
      iv.toString("base64url"),
      cipher.getAuthTag().toString("base64url"),
      data.toString("base64url"),
    ].join(".");
  }

  open(sealed: string, context: string): string {
    const [version, iv, tag, data] = sealed.split(".");
    if (version !== VERSION || !iv || !tag || data === undefined)
      throw new SellerAiError("failure", "a stored token is not in a form this version reads.");
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key, Buffer.from(iv, "base64url"));
      decipher.setAAD(Buffer.from(context, "utf8"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
    } catch {
      throw new SellerAiError(
        "failure",
        "a stored token cannot be decrypted: the secret key is not the one it was sealed with.",
        {
          suggestions: [
            "Set SELLER_AI_SECRET_KEY (or restore the key file) used when the account was connected, or connect the account again.",
          ],
        },
      );
    }
  }
}

/** Parses SELLER_AI_SECRET_KEY: 64 hex digits or base64 of 32 bytes. */
export function parseSecretKey(text: string): Buffer {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, "hex");
  const b = Buffer.from(t, "base64");
  if (b.length === 32 && /^[A-Za-z0-9+/_-]+={0,2}$/.test(t)) return b;
  throw new SellerAiError("usage", "SELLER_AI_SECRET_KEY must be 32 bytes written as 64 hex digits or in base64.", {
    suggestions: ["Make one with: openssl rand -hex 32"],
  });
}

/**
 * The box for a mirror: from SELLER_AI_SECRET_KEY, else from the key file in
 * the mirror's folder, created (mode 0600) when `create` and missing.
 */
export function secretBoxFor(
  env: Record<string, string | undefined>,
  dbPath: string,
  options: { create: boolean },
): SecretBox {
  const fromEnv = env.SELLER_AI_SECRET_KEY;
  if (fromEnv && fromEnv.trim() !== "") return new SecretBox(parseSecretKey(fromEnv));
  // A database server has no folder beside it, and every instance serving it must seal alike.
  if (isPostgresLocation(dbPath))
    throw new SellerAiError(
      "failure",
      "no secret key: a mirror on PostgreSQL takes its key from SELLER_AI_SECRET_KEY.",
      {
        suggestions: [
          "Set SELLER_AI_SECRET_KEY to 64 hex digits (`openssl rand -hex 32`), the same for every instance.",
        ],
      },
    );
  const dir = dbPath === ":memory:" ? process.cwd() : dirname(dbPath);
  const file = join(dir, KEY_FILE_NAME);
  if (!existsSync(file)) {
    if (!options.create)
      throw new SellerAiError("failure", `no secret key: neither SELLER_AI_SECRET_KEY nor ${file} exists.`, {
        suggestions: ["Connect the account again, or set SELLER_AI_SECRET_KEY to the key used when it was connected."],
      });
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, `${randomBytes(32).toString("hex")}\n`, { mode: 0o600, flag: "wx" });
    chmodSync(file, 0o600);
  }
  const mode = statSync(file).mode & 0o777;
  if (process.platform !== "win32" && (mode & 0o077) !== 0)
    throw new SellerAiError("failure", `${file} can be read by other users (mode ${mode.toString(8)}).`, {
      suggestions: [`Restrict it: chmod 600 ${file}`],
    });
  return new SecretBox(parseSecretKey(readFileSync(file, "utf8")));
}
