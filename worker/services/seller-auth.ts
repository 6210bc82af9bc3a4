/** The single seller account: credentials are Worker secrets, compared in constant time. */
import { createHash, timingSafeEqual } from "node:crypto";
import { HttpError, parseInput } from "@worker/errors";
import { INVALID_LOGIN, loginInput } from "@worker/validation/account";

/** Compare digests, so neither the secret's length nor its content leaks through timing. */
const sameSecret = (given: string, expected: string): boolean =>
  timingSafeEqual(createHash("sha256").update(given).digest(), createHash("sha256").update(expected).digest());

/** The demo password of .dev.vars.example: fine on a laptop, refused on a public (https) store. */
export const DEMO_SELLER_PASSWORD = "fresh-greens-2026";
const MIN_PRODUCTION_PASSWORD = 12;

export function checkSellerLogin(env: Pick<Env, "SELLER_EMAIL" | "SELLER_PASSWORD" | "APP_URL">, input: unknown): void {
  const { email, password } = parseInput(loginInput, input);
  if (!env.SELLER_EMAIL || !env.SELLER_PASSWORD) throw new HttpError(503, "Seller login is not configured");
  const production = env.APP_URL?.startsWith("https:");
  if (production && (env.SELLER_PASSWORD === DEMO_SELLER_PASSWORD || env.SELLER_PASSWORD.length < MIN_PRODUCTION_PASSWORD)) {
    console.error("Seller login refused: set a strong SELLER_PASSWORD secret (the demo or a short one is not allowed in production)");
    throw new HttpError(503, "Seller login is not configured");
  }
  const emailOk = sameSecret(email, env.SELLER_EMAIL.trim().toLowerCase());
  const passwordOk = sameSecret(password, env.SELLER_PASSWORD);
  if (!(emailOk && passwordOk)) throw new HttpError(401, INVALID_LOGIN);
}
