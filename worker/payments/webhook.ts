// Stripe webhooks (ADR 006): each event id is recorded in its effect's batch, so a replay, even concurrent, changes nothing; states only move forward.
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
import { checkoutSessionEventInput, refundEventInput, stripeEventInput } from "@worker/validation/stripe";
import { settleRefund } from "./refunds";
import { stripeClient, type StripeEnv } from "./stripe-client";

const REFUND_EVENTS = ["refund.created", "refund.updated", "refund.failed", "charge.refunded"];

export async function verifyWebhook(env: StripeEnv, rawBody: string, signature: string | null): Promise<Stripe.Event> {
  if (!env.STRIPE_WEBHOOK_SECRET || !env.STRIPE_SECRET_KEY) throw new HttpError(503, "Online payments are not configured");
  if (!signature) throw new HttpError(400, "Missing Stripe-Signature header");
  let event: Stripe.Event;
  try {
    event = await stripeClient(env).webhooks.constructEventAsync(rawBody, signature, env.STRIPE_WEBHOOK_SECRET, undefined, Stripe.createSubtleCryptoProvider());
  } catch {
    throw new HttpError(400, "Invalid Stripe signature");
  }
  const shaped =
    stripeEventInput.safeParse(event).success &&
    (!event.type.startsWith("checkout.session.") || checkoutSessionEventInput.safeParse(event).success) &&
    (!REFUND_EVENTS.includes(event.type) || refundEventInput.safeParse(event).success);
  if (!shaped) throw new HttpError(400, "Invalid Stripe event");
  return event;
}

export async function handleStripeEvent(store: Store, event: Stripe.Event): Promise<"applied" | "duplicate" | "ignored"> {
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

/** A payment whose event never arrived (ADR 066), applied as that event would be; returns whether it was. */
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

type Effect = { statements: BatchItem<"sqlite">[]; tell?: { orderId: string; event: "Paid" | "Cancelled" | "Refunded" } };
const NO_EFFECT: Effect = { statements: [] };

async function effectOf(db: Database, event: Stripe.Event): Promise<Effect> {
  if (event.type === "checkout.session.completed" || event.type === "checkout.session.async_payment_succeeded") {
    // Async methods confirm later.
    return event.data.object.payment_status === "paid" ? markPaid(db, event.data.object) : NO_EFFECT;
  }
  if (event.type === "checkout.session.expired") return moveUnpaid(db, event.data.object, "expired");
  if (event.type === "checkout.session.async_payment_failed") return moveUnpaid(db, event.data.object, "failed");
  if (event.type === "refund.created" || event.type === "refund.updated" || event.type === "refund.failed") return refundEffect(db, [event.data.object]);
  if (event.type === "charge.refunded") return refundEffect(db, event.data.object.refunds?.data ?? []);
  return NO_EFFECT;
}

function refundEffect(db: Database, refunds: Stripe.Refund[]): Effect {
  const made = refunds.find((refund) => refund.status === "succeeded" && refund.metadata?.orderId);
  return { statements: refunds.flatMap((refund) => settleRefund(db, refund)), ...(made && { tell: { orderId: made.metadata!.orderId!, event: "Refunded" } }) };
}

/** The card order that stored this session's id; a session naming another order is not acted on (ADR 066). */
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

/** The payment will not come: an order still waiting for it is cancelled, its stock back on sale (ADR 054). */
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
  // The cancellation goes first: it applies only while the payment is pending.
  return {
    statements: [...cancelled.statements, recordState],
    ...(awaitingCardPayment(order) && { tell: { orderId: order.id, event: "Cancelled" as const } }),
  };
}
