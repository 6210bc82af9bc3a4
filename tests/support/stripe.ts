import { env } from "cloudflare:workers";
import Stripe from "stripe";
import { call } from "./http";

const allSessions = async () => (await (await fetch(`${env.STRIPE_API_BASE}/__sessions`)).json()) as Record<string, any>[];

/**
 * The fake Stripe server's control and inspection endpoints (see scripts/fake-stripe.ts). Test files run
 * at the same time against the one fake: each reads only its own sessions (by order or payer) and
 * keeps its faults to its own payer.
 */
export const fakeStripe = {
  reset: () => fetch(`${env.STRIPE_API_BASE}/__reset`, { method: "POST" }),
  /** The next `times` session creations for `email`'s payments fail (or answer slowly). */
  fail: (fail: 500 | 429 | "slow", times: number, email: string) =>
    fetch(`${env.STRIPE_API_BASE}/__control`, { method: "POST", body: JSON.stringify({ fail, times, email }) }),
  /** The sessions opened for this order. */
  sessionsFor: async (orderId: string) => (await allSessions()).filter((session) => session.metadata?.orderId === orderId),
  /** How many Stripe API calls the store made for this payer's sessions (creating, closing, reading). */
  callsFor: async (email: string) =>
    ((await (await fetch(`${env.STRIPE_API_BASE}/__calls?email=${encodeURIComponent(email)}`)).json()) as { calls: number }).calls,
  /** Pays the session on its hosted page, as the shopper's browser would (the runtime tests' fake sends no webhook). */
  pay: (url: string) => fetch(url, { method: "POST", body: new URLSearchParams({ action: "pay" }), redirect: "manual" }),
  /** The sessions opened for this payer's e-mail. */
  sessionsOf: async (email: string) => (await allSessions()).filter((session) => session.customer_email === email),
};

/** A webhook delivery signed with Stripe's own test helper. */
export async function sendWebhook(
  event: { id?: string; type: string; object: Record<string, unknown> },
  options: { secret?: string; timestamp?: number; tamper?: (payload: string) => string } = {},
): Promise<Response> {
  const payload = JSON.stringify({
    id: event.id ?? `evt_${crypto.randomUUID().replace(/-/g, "")}`,
    object: "event",
    type: event.type,
    created: Math.floor(Date.now() / 1000),
    data: { object: event.object },
  });
  const signature = await new Stripe(env.STRIPE_SECRET_KEY!).webhooks.generateTestHeaderStringAsync({
    payload,
    secret: options.secret ?? env.STRIPE_WEBHOOK_SECRET!,
    timestamp: options.timestamp,
  });
  return call("/api/stripe/webhook", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: options.tamper ? options.tamper(payload) : payload,
  });
}
