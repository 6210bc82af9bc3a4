/**
 * Stripe webhooks: the only way an online order becomes paid.
 *
 * - The signature is checked on the raw body (constructEventAsync, WebCrypto).
 * - Each event id takes effect once: the id is recorded in the same D1 batch as its effect, so a
 *   replay (even a concurrent one) is refused by the primary key and changes nothing.
 * - Payment states only move forward: pending → paid | failed | expired, and failed/expired → paid
 *   (money did arrive: on an order cancelled meanwhile, as a refund due); nothing moves a paid order
 *   back. Orders are never deleted.
 * - A payment that will not come (expired, failed) cancels the order and frees its stock (ADR 054).
 */
import { and, eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import Stripe from "stripe";
import type { Database, Store } from "@worker/db/client";
import { isDbError } from "@worker/db/errors";
import { awaitingCardPayment, type PaymentState } from "@shared/order-status";
import { orders, stripeEvents, users } from "@worker/db/schema";
import { HttpError } from "@worker/errors";
import { publishStoreEvent } from "@worker/events/queue";
import { cancelUnpaidCardOrder, systemEnding, UNPAID_CANCEL_REASONS } from "@worker/services/cancellation";
import { claimOf } from "@worker/services/unpaid-card-orders";
import { checkoutSessionEventInput, stripeEventInput } from "@worker/validation/stripe";
import { stripeClient, type StripeEnv } from "./stripe-client";

export type WebhookOutcome = "applied" | "duplicate" | "ignored";

export async function verifyWebhook(env: StripeEnv, rawBody: string, signature: string | null): Promise<Stripe.Event> {
  if (!env.STRIPE_WEBHOOK_SECRET || !env.STRIPE_SECRET_KEY) throw new HttpError(503, "Card payments are not configured");
  if (!signature) throw new HttpError(400, "Missing Stripe-Signature header");
  let event: Stripe.Event;
  try {
    event = await stripeClient(env).webhooks.constructEventAsync(rawBody, signature, env.STRIPE_WEBHOOK_SECRET, undefined, Stripe.createSubtleCryptoProvider());
  } catch {
    throw new HttpError(400, "Invalid Stripe signature");
  }
  const shaped =
    stripeEventInput.safeParse(event).success && (!event.type.startsWith("checkout.session.") || checkoutSessionEventInput.safeParse(event).success);
  if (!shaped) throw new HttpError(400, "Invalid Stripe event");
  return event;
}

export async function handleStripeEvent(store: Store, event: Stripe.Event): Promise<WebhookOutcome> {
  const { db } = store;
  if (await db.query.stripeEvents.findFirst({ where: eq(stripeEvents.id, event.id), columns: { id: true } })) return "duplicate";

  const effect = await effectOf(db, event);
  const record = db.insert(stripeEvents).values({ id: event.id, type: event.type, processedAt: Date.now() });
  try {
    await db.batch([record, ...effect.statements]);
  } catch (error) {
    if (isDbError(error, "UNIQUE") || isDbError(error, "PRIMARY KEY")) return "duplicate";
    throw error;
  }
  if (effect.statements.length === 0) return "ignored";
  // The state change is done; telling the shopper is a side effect, off the webhook's path (ADR 041).
  if (effect.tell) await publishStoreEvent(store, { kind: "order-event", ...effect.tell, at: Date.now() });
  return "applied";
}

/**
 * A payment Stripe took whose event never arrived (the sweep found the checkout complete, ADR 066):
 * the session as Stripe has it now, applied as its completed event would be. Returns whether it
 * was applied (it is not when the session is not paid, or not this store's card order's).
 */
export async function applyPaidCheckout(store: Store, sessionId: string): Promise<boolean> {
  const session = await stripeClient(store.env).checkout.sessions.retrieve(sessionId);
  if (session.payment_status !== "paid") return false;
  const effect = await markPaid(store.db, session);
  const [first, ...rest] = effect.statements;
  if (!first) return false;
  await store.db.batch([first, ...rest]);
  if (effect.tell) await publishStoreEvent(store, { kind: "order-event", ...effect.tell, at: Date.now() });
  return true;
}

/** What an event does: its statements, the products whose stock they change, what the shopper is told. */
type Effect = { statements: BatchItem<"sqlite">[]; tell?: { orderId: string; event: "Paid" | "Cancelled" } };
const NO_EFFECT: Effect = { statements: [] };

/** The statements an event should run (none for events we do not act on). */
async function effectOf(db: Database, event: Stripe.Event): Promise<Effect> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      if (session.payment_status !== "paid") return NO_EFFECT; // async methods confirm later
      return markPaid(db, session);
    }
    case "checkout.session.expired":
      return moveUnpaid(db, event.data.object, "expired");
    case "checkout.session.async_payment_failed":
      return moveUnpaid(db, event.data.object, "failed");
    default:
      return NO_EFFECT;
  }
}

/**
 * The card order this checkout session was opened for: the one that stored the session's id when
 * the store opened it. A session that names another order, or a cash order, is none of ours to
 * act on, however correctly signed (ADR 066).
 */
async function orderFor(db: Database, session: Stripe.Checkout.Session) {
  const named = session.metadata?.orderId ?? session.client_reference_id;
  const order = await db.query.orders.findFirst({ where: and(eq(orders.stripeSessionId, session.id), eq(orders.paymentType, "Online")) });
  if (!order || (named && named !== order.id)) {
    console.warn("Stripe event for a checkout session no card order opened", { session: session.id, named });
    return undefined;
  }
  return order;
}

async function markPaid(db: Database, session: Stripe.Checkout.Session): Promise<Effect> {
  const order = await orderFor(db, session);
  if (!order) return NO_EFFECT;
  if (session.amount_total !== order.amountPaise || session.currency?.toLowerCase() !== "inr") {
    console.error("Stripe payment does not match the order; not marking it paid", {
      orderId: order.id,
      expected: { amount: order.amountPaise, currency: "inr" },
      received: { amount: session.amount_total, currency: session.currency },
    });
    return NO_EFFECT;
  }
  const now = Date.now();
  const statements = [
    db
      .update(orders)
      .set({ isPaid: true, paymentState: order.status === "Cancelled" ? "refund_due" : "paid", stripeSessionId: session.id, updatedAt: now })
      .where(and(eq(orders.id, order.id), inArray(orders.paymentState, ["pending", "failed", "expired"]))),
    db.update(users).set({ cartItems: {} }).where(eq(users.id, order.userId)),
  ];
  return { statements, tell: { orderId: order.id, event: "Paid" } };
}

/**
 * The payment will not come: the order's payment state says why, and an order still waiting for it
 * is cancelled by the store, its stock back on sale (ADR 054). An order the shopper cancelled
 * meanwhile only records the state. One whose checkout the store closed itself (payment state
 * "expired" while still placed: a newer order replaced it) says so, whichever of the two cancels first.
 */
async function moveUnpaid(db: Database, session: Stripe.Checkout.Session, state: Extract<PaymentState, "failed" | "expired">): Promise<Effect> {
  const order = await orderFor(db, session);
  if (!order) return NO_EFFECT;
  // Claimed by the store (payment state "expired" while still placed): it is cancelled as the claim says.
  const ending =
    order.paymentState === "expired" ? (claimOf(order) ?? systemEnding(UNPAID_CANCEL_REASONS.replaced)) : systemEnding(UNPAID_CANCEL_REASONS[state]);
  const cancelled = await cancelUnpaidCardOrder(db, order.id, ending);
  const recordState = db
    .update(orders)
    .set({ paymentState: state, updatedAt: Date.now() })
    .where(and(eq(orders.id, order.id), eq(orders.paymentState, "pending")));
  // The cancellation goes first: it only applies while the payment is still pending.
  return {
    statements: [...cancelled.statements, recordState],
    ...(awaitingCardPayment(order) && { tell: { orderId: order.id, event: "Cancelled" as const } }),
  };
}
