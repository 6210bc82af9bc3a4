import { Hono } from "hono";
import { handleStripeEvent, verifyWebhook } from "@worker/payments/webhook";
import { readText } from "./body";
import type { ApiEnv } from "./types";

export const stripeRoutes = new Hono<ApiEnv>().post("/webhook", async (c) => {
  // The signature covers the exact bytes Stripe sent: read them raw, verify, then parse.
  const rawBody = await readText(c.req.raw, 256 * 1024);
  const event = await verifyWebhook(c.env, rawBody, c.req.header("stripe-signature") ?? null);
  const outcome = await handleStripeEvent({ db: c.var.db, env: c.env }, event);
  return c.json({ success: true, received: true, outcome, msg: "" });
});
