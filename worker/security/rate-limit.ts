/**
 * Rate limits on the doors attackers knock on: login and sign-up (per account and client IP), every
 * login, shopper's or seller's, per account from anywhere (many addresses guessing one password),
 * seller login per IP too, order placement (per shopper), newsletter (per IP).
 * Over the limit: 429 with Retry-After, and the request does nothing.
 */
import { HttpError } from "@worker/errors";

type Limits = Pick<Env, "AUTH_LIMITER" | "ACCOUNT_LIMITER" | "ORDER_LIMITER" | "NEWSLETTER_LIMITER">;

const RETRY_AFTER_SECONDS = "60";

/** The real client address: Cloudflare sets CF-Connecting-IP; X-Forwarded-For is the client's to forge. */
export function clientIp(request: Request): string {
  return request.headers.get("cf-connecting-ip") ?? "unknown";
}

async function enforce(limiter: RateLimit | undefined, key: string, msg: string) {
  if (!limiter) return;
  const { success } = await limiter.limit({ key });
  if (!success) throw new HttpError(429, msg, { "Retry-After": RETRY_AFTER_SECONDS });
}

const TOO_MANY_LOGINS = "Too many attempts. Please wait a minute and try again.";

function accountOf(input: unknown): string {
  const email = (input as { email?: unknown } | null)?.email;
  return typeof email === "string" ? email.trim().toLowerCase().slice(0, 254) : "";
}

/** The brake every login shares: attempts on one account from anywhere, whatever the client address. */
async function limitAccountLogins(env: Limits, scope: "login" | "seller-login", input: unknown) {
  await enforce(env.ACCOUNT_LIMITER, `${scope}:${accountOf(input)}`, TOO_MANY_LOGINS);
}

/** Before checking a shopper's password or creating an account. */
export async function limitAuthAttempt(env: Limits, request: Request, input: unknown, kind: "login" | "register") {
  await enforce(env.AUTH_LIMITER, `${kind}:${accountOf(input)}:${clientIp(request)}`, TOO_MANY_LOGINS);
  if (kind === "login") await limitAccountLogins(env, "login", input);
}

/** Before checking the seller's credentials (API and page form alike): per client IP, and per account. */
export async function limitSellerLogin(env: Limits, request: Request, input: unknown) {
  await enforce(env.AUTH_LIMITER, `seller:${clientIp(request)}`, TOO_MANY_LOGINS);
  await limitAccountLogins(env, "seller-login", input);
}

export async function limitOrders(env: Limits, userId: string) {
  await enforce(env.ORDER_LIMITER, `order:${userId}`, "You are placing orders too quickly. Please wait a minute.");
}

export async function limitNewsletter(env: Limits, request: Request) {
  await enforce(env.NEWSLETTER_LIMITER, `newsletter:${clientIp(request)}`, "Too many sign-ups from here. Please try again in a minute.");
}
