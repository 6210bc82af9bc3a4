/**
 * The store's brakes (SECURITY.md explains each; ADR 065), their limits in ./limits.ts.
 *
 * Short windows are counted by the Workers rate-limit binding (per 10 or 60 seconds only), longer
 * ones in D1 (./window-count.ts). Over a limit: 429 with Retry-After, and the request does nothing.
 * Per-address brakes key the client by its address, an IPv6 one by its /64 (./client-address.ts).
 */
import type { Database } from "@worker/db/client";
import { HttpError } from "@worker/errors";
import { clientAddress } from "./client-address";
import { RATE_LIMITS, WINDOW_LIMITS } from "./limits";
import { countInWindow, type WindowSlot } from "./window-count";

type Binding = keyof typeof RATE_LIMITS;
type Limits = Pick<Env, Binding>;

async function enforce(env: Limits, binding: Binding, key: string, msg: string) {
  const limiter = env[binding] as RateLimit | undefined;
  if (!limiter) return;
  const { success } = await limiter.limit({ key });
  if (!success) throw new HttpError(429, msg, { "Retry-After": String(RATE_LIMITS[binding].period) });
}

const TOO_MANY_LOGINS = "Too many attempts. Please wait a minute and try again.";

function accountOf(input: unknown): string {
  const email = (input as { email?: unknown } | null)?.email;
  return typeof email === "string" ? email.trim().toLowerCase().slice(0, 254) : "";
}

/** The brake every login shares: attempts on one account from anywhere, whatever the client address. */
async function limitAccountLogins(env: Limits, scope: "login" | "seller-login", input: unknown) {
  await enforce(env, "ACCOUNT_LIMITER", `${scope}:${accountOf(input)}`, TOO_MANY_LOGINS);
}

/** Before checking a shopper's password or creating an account: per account and address; a login also per account, and per address. */
export async function limitAuthAttempt(env: Limits, request: Request, input: unknown, kind: "login" | "register") {
  const address = clientAddress(request);
  await enforce(env, "AUTH_LIMITER", `${kind}:${accountOf(input)}:${address}`, TOO_MANY_LOGINS);
  if (kind !== "login") return;
  await limitAccountLogins(env, "login", input);
  await enforce(env, "ADDRESS_LIMITER", `login-from:${address}`, TOO_MANY_LOGINS);
}

/** Before checking the seller's credentials (API and page form alike): per address, and per account. */
export async function limitSellerLogin(env: Limits, request: Request, input: unknown) {
  await enforce(env, "AUTH_LIMITER", `seller:${clientAddress(request)}`, TOO_MANY_LOGINS);
  await limitAccountLogins(env, "seller-login", input);
}

export async function limitOrders(env: Limits, userId: string) {
  await enforce(env, "ORDER_LIMITER", `order:${userId}`, "You are placing orders too quickly. Please wait a minute.");
}

/** Before a request that calls Stripe on someone's behalf (a shopper's id, or "seller"). */
export async function limitPaymentCalls(env: Limits, who: string) {
  await enforce(env, "PAYMENT_LIMITER", `payment:${who}`, "Too many payment requests. Please wait a minute and try again.");
}

export async function limitNewsletter(env: Limits, request: Request) {
  await enforce(env, "NEWSLETTER_LIMITER", `newsletter:${clientAddress(request)}`, "Too many sign-ups from here. Please try again in a minute.");
}

/** Counts a sign-up attempt from the request's address in the hour; over the limit, 429. */
export async function limitSignUps(db: Database, request: Request): Promise<void> {
  await countInWindow(db, `sign-ups:${clientAddress(request)}`, WINDOW_LIMITS.signUps);
}

/**
 * Counts a login attempt from the request's address as failed until it succeeds (`release`):
 * reserved before the password is checked, so that concurrent guesses cannot pass the limit.
 */
export function reserveFailedLogin(db: Database, request: Request): Promise<WindowSlot> {
  return countInWindow(db, `failed-logins:${clientAddress(request)}`, WINDOW_LIMITS.failedLogins);
}
