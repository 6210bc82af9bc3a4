// The store's brakes (SECURITY.md, ADR 065): over a limit, 429 with Retry-After, and the request does nothing.
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

/** Per account and address; a login also per account (from anywhere), and per address. */
export async function limitAuthAttempt(env: Limits, request: Request, input: unknown, kind: "login" | "register") {
  const address = clientAddress(request);
  await enforce(env, "AUTH_LIMITER", `${kind}:${accountOf(input)}:${address}`, TOO_MANY_LOGINS);
  if (kind !== "login") return;
  await enforce(env, "ACCOUNT_LIMITER", `login:${accountOf(input)}`, TOO_MANY_LOGINS);
  await enforce(env, "ADDRESS_LIMITER", `login-from:${address}`, TOO_MANY_LOGINS);
}

export async function limitSellerLogin(env: Limits, request: Request, input: unknown) {
  await enforce(env, "AUTH_LIMITER", `seller:${clientAddress(request)}`, TOO_MANY_LOGINS);
  await enforce(env, "ACCOUNT_LIMITER", `seller-login:${accountOf(input)}`, TOO_MANY_LOGINS);
}

export const limitOrders = (env: Limits, userId: string) =>
  enforce(env, "ORDER_LIMITER", `order:${userId}`, "You are placing orders too quickly. Please wait a minute.");

/** Before a request that calls Stripe on someone's behalf (a shopper's id, or "seller"). */
export const limitPaymentCalls = (env: Limits, who: string) =>
  enforce(env, "PAYMENT_LIMITER", `payment:${who}`, "Too many payment requests. Please wait a minute and try again.");

export const limitNewsletter = (env: Limits, request: Request) =>
  enforce(env, "NEWSLETTER_LIMITER", `newsletter:${clientAddress(request)}`, "Too many sign-ups from here. Please try again in a minute.");

export const limitSignUps = (db: Database, request: Request) => countInWindow(db, `sign-ups:${clientAddress(request)}`, WINDOW_LIMITS.signUps);

/** Counted as failed until released on success, before the password is checked, so concurrent guesses cannot pass. */
export const reserveFailedLogin = (db: Database, request: Request): Promise<WindowSlot> =>
  countInWindow(db, `failed-logins:${clientAddress(request)}`, WINDOW_LIMITS.failedLogins);
