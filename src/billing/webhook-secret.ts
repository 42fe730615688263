import { readFileSync } from "node:fs";
import { usageError } from "../core/errors.js";

/** Where the Stripe webhook signing secret is read from, for messages. */
export const SECRET_ENV = "SELLER_AI_STRIPE_WEBHOOK_SECRET";

/**
 * The Stripe webhook signing secret of `serve`: the file of
 * `--stripe-webhook-secret-file` (its first line) if given, else
 * SELLER_AI_STRIPE_WEBHOOK_SECRET, else none (the receiver is then not
 * served). A value that is not a signing secret is refused by name: Stripe's
 * API keys (sk_…, rk_…) look alike and are a common mix-up.
 *
 * @example
 * const secret = stripeWebhookSecret(process.env, options.stripeWebhookSecretFile);
 */
export function stripeWebhookSecret(
  env: Record<string, string | undefined>,
  file: string | undefined,
): string | undefined {
  let value: string | undefined;
  let origin: string;
  if (file !== undefined) {
    origin = `--stripe-webhook-secret-file ${file}`;
    try {
      value = readFileSync(file, "utf8").split(/\r?\n/)[0];
    } catch (error) {
      const code = (error as { code?: string }).code;
      throw usageError(
        `cannot read ${origin}: ${code === "ENOENT" ? "no such file" : code === "EACCES" ? "permission denied" : (error as Error).message}.`,
      );
    }
  } else {
    origin = SECRET_ENV;
    value = env[SECRET_ENV];
    if (value === undefined || value === "") return undefined;
  }
  const secret = value.trim();
  if (secret === "") throw usageError(`${origin} is empty; it must hold the endpoint's signing secret (whsec_…).`);
  if (!/^whsec_\S+$/.test(secret))
    throw usageError(
      `${origin} does not hold a webhook signing secret: those start with whsec_ (Stripe shows it on the webhook endpoint's page, and \`stripe listen\` prints one)${/^(sk|rk|pk)_/.test(secret) ? "; this looks like an API key" : ""}.`,
    );
  return secret;
}
