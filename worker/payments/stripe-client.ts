import Stripe from "stripe";

export type StripeEnv = Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET" | "STRIPE_API_BASE">;

export const cardPaymentsEnabled = (env: StripeEnv): boolean => Boolean(env.STRIPE_SECRET_KEY);

/** STRIPE_API_BASE (tests and local runs only) points it at the in-repo fake. */
export function stripeClient(env: StripeEnv): Stripe {
  if (!env.STRIPE_SECRET_KEY) throw new Error("STRIPE_SECRET_KEY is not configured");
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null;
  return new Stripe(env.STRIPE_SECRET_KEY, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(base && { host: base.hostname, port: base.port, protocol: base.protocol === "https:" ? "https" : "http" }),
  });
}
