/**
 * Signatures to the Standard Webhooks specification, made by its reference
 * library: HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` with the
 * endpoint's `whsec_` secret, sent as `v1,<base64>`. After a rotation the
 * previous secret signs too, for 24 hours, so a receiver still holding it
 * keeps verifying (the header then lists both signatures, space-separated).
 */
import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";

export const SECRET_PREFIX = "whsec_";
/** How long the previous secret keeps signing after a rotation. */
export const PREVIOUS_SECRET_TTL_MS = 24 * 60 * 60 * 1000;

/** A new signing secret: `whsec_` and 32 random bytes in base64 (the specification asks for 24 to 64). */
export function newSigningSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString("base64");
}

/** The secrets that sign now: the current one, and the previous one until it expires. */
export function signingSecrets(
  endpoint: { secret: string; previous_secret: string | null; previous_secret_expires_at: string | null },
  now: Date,
): string[] {
  const secrets = [endpoint.secret];
  if (
    endpoint.previous_secret &&
    endpoint.previous_secret_expires_at &&
    endpoint.previous_secret_expires_at > now.toISOString()
  )
    secrets.push(endpoint.previous_secret);
  return secrets;
}

const signers = new Map<string, Webhook>();

function signerFor(secret: string): Webhook {
  let signer = signers.get(secret);
  if (!signer) {
    // A bounded cache: secrets are few, but rotations must not grow it forever.
    if (signers.size > 1000) signers.clear();
    signer = new Webhook(secret);
    signers.set(secret, signer);
  }
  return signer;
}

/** The Standard Webhooks headers of one attempt. */
export function signedHeaders(
  secrets: readonly string[],
  messageId: string,
  at: Date,
  body: string,
): { "webhook-id": string; "webhook-timestamp": string; "webhook-signature": string } {
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": secrets.map((s) => signerFor(s).sign(messageId, at, body)).join(" "),
  };
}
