/**
 * Stripe webhooks: the only way an online order becomes paid.
 *
 * - The signature is checked on the raw body (constructEventAsync, WebCrypto).
 * - Each event id takes effect once: the id is recorded in the same D1 batch as its effect, so a
 *   replay (even a concurrent one) is refused by the primary key and changes nothing.
 * - Payment states only move forward: pending → paid | failed | expired, and failed/expired → paid
 *   (money did arrive); nothing moves a paid order back. Orders are never deleted.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import Stripe from "stripe";
import type { Database } from "@worker/db/client";
import { isDbError } from "@worker/db/errors";
import type { PaymentState } from "@shared/order-status";
import { orders, stripeEvents, users } from "@worker/db/schema";
import { HttpError } from "@worker/errors";
import { publishStoreEvent } from "@worker/events/queue";
import { checkoutSessionEventInput, stripeEventInput } from "@worker/validation/stripe";
import { stripeClient, type StripeEnv } from "./stripe-client";

export type WebhookOutcome = "applied" | "duplicate" | "ignored";

export async function verifyWebhook(env: StripeEnv, rawBody: string, signature: string | null): Promise<Stripe.Event> {
  if (!env.STRIPE_WEBHOOK_SECRET || !env.STRIPE_SECRET_KEY) throw new HttpError(503, "Card payments are not configured");
  if (!signature) throw new HttpError(400, "Missing Stripe-Signature header");
  let event: Stripe.Event;
  try {
    event = await stripeClient(env).webhooks.constructEventAsync(
      rawBody,
      signature,
      env.STRIPE_WEBHOOK_SECRET,
      undefined,
      Stripe.createSubtleCryptoProvider(),
    );
  } catch {
    throw new HttpError(400, "Invalid Stripe signature");
  }
  const shaped = stripeEventInput.safeParse(event).success && (!event.type.startsWith("checkout.session.") || checkoutSessionEventInput.safeParse(event).success);
  if (!shaped) throw new HttpError(400, "Invalid Stripe event");
  return event;
}

export async function handleStripeEvent(store: { db: Database; env: Pick<Env, "CATALOG_PURGE" | "STORE_EVENTS"> }, event: Stripe.Event): Promise<WebhookOutcome> {
  const { db } = store;
  if (await db.query.stripeEvents.findFirst({ where: eq(stripeEvents.id, event.id), columns: { id: true } })) return "duplicate";

  const effect = await effectOf(db, event);
  const record = db.insert(stripeEvents).values({ id: event.id, type: event.type, processedAt: Date.now() });
  try {
    await db.batch([record, ...effect] as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (error) {
    if (isDbError(error, "UNIQUE") || isDbError(error, "PRIMARY KEY")) return "duplicate";
    throw error;
  }
  if (effect.length === 0) return "ignored";
  // The state change is done; telling the shopper is a side effect, off the webhook's path (ADR 041).
  const paidOrder = paidOrderId(event);
  if (paidOrder) await publishStoreEvent(store, { kind: "order-event", orderId: paidOrder, event: "Paid", at: Date.now() });
  return "applied";
}

/** The order a payment event paid for, if it is one. */
function paidOrderId(event: Stripe.Event): string | null {
  if (event.type !== "checkout.session.completed" && event.type !== "checkout.session.async_payment_succeeded") return null;
  const session = event.data.object;
  return session.payment_status === "paid" ? (session.metadata?.orderId ?? session.client_reference_id ?? null) : null;
}

/** The statements an event should run (none for events we do not act on). */
async function effectOf(db: Database, event: Stripe.Event): Promise<BatchItem<"sqlite">[]> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      if (session.payment_status !== "paid") return []; // async methods confirm later
      return markPaid(db, session);
    }
    case "checkout.session.expired":
      return moveUnpaid(db, event.data.object, "expired");
    case "checkout.session.async_payment_failed":
      return moveUnpaid(db, event.data.object, "failed");
    default:
      return [];
  }
}

async function orderFor(db: Database, session: Stripe.Checkout.Session) {
  const orderId = session.metadata?.orderId ?? session.client_reference_id;
  if (!orderId) return undefined;
  return db.query.orders.findFirst({ where: eq(orders.id, orderId) });
}

async function markPaid(db: Database, session: Stripe.Checkout.Session): Promise<BatchItem<"sqlite">[]> {
  const order = await orderFor(db, session);
  if (!order) {
    console.warn("Stripe payment for an unknown order", { session: session.id });
    return [];
  }
  if (session.amount_total !== order.amountPaise || session.currency?.toLowerCase() !== "inr") {
    console.error("Stripe payment does not match the order; not marking it paid", {
      orderId: order.id,
      expected: { amount: order.amountPaise, currency: "inr" },
      received: { amount: session.amount_total, currency: session.currency },
    });
    return [];
  }
  const now = Date.now();
  return [
    db
      .update(orders)
      .set({ isPaid: true, paymentState: order.status === "Cancelled" ? "refund_due" : "paid", stripeSessionId: session.id, updatedAt: now })
      .where(and(eq(orders.id, order.id), inArray(orders.paymentState, ["pending", "failed", "expired"]))),
    db.update(users).set({ cartItems: {} }).where(eq(users.id, order.userId)),
  ];
}

async function moveUnpaid(db: Database, session: Stripe.Checkout.Session, state: Extract<PaymentState, "failed" | "expired">) {
  const order = await orderFor(db, session);
  if (!order) return [];
  return [
    db
      .update(orders)
      .set({ paymentState: state, updatedAt: Date.now() })
      .where(and(eq(orders.id, order.id), eq(orders.paymentState, "pending"))),
  ];
}
