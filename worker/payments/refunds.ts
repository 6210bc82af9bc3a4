// Refunds through Stripe (ADR 072): reserved in D1 against what is left of the payment, then asked with the refund's id as idempotency key, so never twice.
import { and, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import Stripe from "stripe";
import { formatRupees, rupeesToPaise } from "@shared/money";
import { CANCEL_REFUND_REASON, leftToRefund, orderNumber } from "@shared/order-status";
import type { Database, Store } from "@worker/db/client";
import { orders, refunds, type Order, type Refund } from "@worker/db/schema";
import { conflict, HttpError, notFound, parseInput } from "@worker/errors";
import { refundInput } from "@worker/validation/order";
import { creditRefunds } from "@worker/services/invoices";
import { stripeClient } from "./stripe-client";

/** What an order's refunds take of its payment: all but those that failed. */
const LIVE_SUM = "SELECT coalesce(sum(amount_paise), 0) FROM refunds WHERE order_id = orders.id AND status IN ('requested', 'pending', 'succeeded')";

/** The amount, only if what is left of the payment covers it, in the one statement. */
const RESERVE = `INSERT INTO refunds (id, order_id, amount_paise, reason, status, created_at, updated_at)
  SELECT ?1, id, ?3, ?4, 'requested', ?5, ?5 FROM orders
  WHERE id = ?2 AND is_paid = 1 AND payment_type = 'Online' AND ?3 <= amount_paise - (${LIVE_SUM})`;

/** What is left of the payment to refund, read now (shared/order-status.ts's one rule). */
async function refundableLeft(db: Database, orderId: string): Promise<number> {
  const order = await db.query.orders.findFirst({ where: eq(orders.id, orderId), with: { refunds: true } });
  return order ? leftToRefund(order) : 0;
}

/** Asks Stripe to refund `amountPaise` of a paid online order; "unreachable" leaves it requested, for the sweep. */
export async function refundPayment(store: Store, order: Order, amountPaise: number, reason: string): Promise<{ refund: Refund; outcome: Outcome }> {
  const now = Date.now();
  const refund: Refund = {
    id: crypto.randomUUID(),
    orderId: order.id,
    amountPaise,
    reason,
    status: "requested",
    stripeRefundId: null,
    createdAt: now,
    updatedAt: now,
  };
  const { meta } = await store.db.$client.prepare(RESERVE).bind(refund.id, order.id, amountPaise, reason, now).run();
  if (meta.changes !== 1) throw conflict(`At most ${formatRupees(await refundableLeft(store.db, order.id))} of this payment is left to refund.`);
  return { refund, outcome: await askStripe(store, refund, order) };
}

type Outcome = "accepted" | "refused" | "unreachable";

async function askStripe(store: Store, refund: Refund, order: Pick<Order, "id" | "stripeSessionId">): Promise<Outcome> {
  const stripe = stripeClient(store.env);
  try {
    const session = await stripe.checkout.sessions.retrieve(order.stripeSessionId!);
    const intent = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
    const created = await stripe.refunds.create(
      { payment_intent: intent, amount: refund.amountPaise, metadata: { orderId: order.id, refundId: refund.id } },
      { idempotencyKey: refund.id },
    );
    await store.db.batch(settleRefund(store.db, created) as [BatchItem<"sqlite">]);
    return "accepted";
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeCardError)) {
      console.error("Stripe could not be asked for a refund; the sweep asks again", refund.id, error);
      return "unreachable";
    }
    console.error("Stripe refused a refund", refund.id, error.message);
    await store.db.update(refunds).set({ status: "failed", updatedAt: Date.now() }).where(eq(refunds.id, refund.id));
    return "refused";
  }
}

/** The seller's refund of part or the rest of an online payment (a missing item); its words for the seller. */
export async function refundOrder(store: Store, input: unknown): Promise<string> {
  const { orderId, amount, reason } = parseInput(refundInput, input);
  const order = await store.db.query.orders.findFirst({ where: eq(orders.id, orderId) });
  if (!order) throw notFound("Order not found");
  if (order.paymentType !== "Online" || !order.isPaid || !order.stripeSessionId)
    throw conflict(`Order ${orderNumber(order.id)} was not paid through Stripe: give the money back by hand, then mark it refunded.`);
  if (!store.env.STRIPE_SECRET_KEY) throw new HttpError(503, "Online payments are not configured");
  const { refund, outcome } = await refundPayment(store, order, rupeesToPaise(amount), reason);
  if (outcome === "refused") throw new HttpError(502, "Stripe refused this refund: see the payment in Stripe's Dashboard.");
  const what = `Refund of ${formatRupees(refund.amountPaise)}`;
  return outcome === "accepted" ? `${what} started` : `${what} asked for: Stripe could not be reached, so it is asked again within minutes`;
}

/** Stripe's word on a refund, forward only ("succeeded" may still fail); a cancelled order its refunds cover is refunded. */
export function settleRefund(db: Database, refund: Pick<Stripe.Refund, "id" | "status" | "metadata">): BatchItem<"sqlite">[] {
  const ours = refund.metadata?.refundId;
  const status = refund.status as Refund["status"] | null;
  if (!ours || !status || !["pending", "succeeded", "failed", "canceled"].includes(status)) return [];
  const now = Date.now();
  const movable = status === "failed" || status === "canceled" ? ["requested", "pending", "succeeded"] : ["requested", "pending"];
  const refundsOrder = sql`(SELECT order_id FROM refunds WHERE id = ${ours})`;
  return [
    db
      .update(refunds)
      .set({ status, stripeRefundId: refund.id, updatedAt: now })
      .where(and(eq(refunds.id, ours), or(inArray(refunds.status, movable as Refund["status"][]), eq(refunds.status, status)))),
    db
      .update(orders)
      .set({ paymentState: "refunded", refundedAt: now, updatedAt: now })
      .where(
        and(
          eq(orders.id, refundsOrder),
          eq(orders.paymentState, "refund_due"),
          sql.raw("orders.amount_paise <= (SELECT coalesce(sum(amount_paise), 0) FROM refunds WHERE order_id = orders.id AND status = 'succeeded')"),
        ),
      ),
    ...(status === "succeeded" ? [creditRefunds(db, refundsOrder, now)] : []),
  ];
}

/** The rest of a cancelled paid online order's payment, asked for at once; whatever fails, the sweep asks again. */
export async function refundCancelled(store: Store, order: Order): Promise<void> {
  if (!store.env.STRIPE_SECRET_KEY || !order.stripeSessionId) return;
  try {
    const left = await refundableLeft(store.db, order.id);
    if (order.paymentState === "refund_due" && left > 0) await refundPayment(store, order, left, CANCEL_REFUND_REASON);
  } catch (error) {
    console.error("A cancelled order's refund was not asked for; the sweep asks again", order.id, error);
  }
}

/** The sweep (every minute): cancelled paid orders whose refund was never asked for, and requests Stripe never answered. */
export async function askForDueRefunds(store: Store, now = Date.now()): Promise<void> {
  const due = await store.db
    .select()
    .from(orders)
    .where(
      and(
        sql`${orders.paymentState} = 'refund_due'`,
        eq(orders.paymentType, "Online"),
        isNotNull(orders.stripeSessionId),
        // Once only: a refund Stripe refused waits for the seller (Refund again, or by hand).
        sql`NOT EXISTS (SELECT 1 FROM refunds WHERE order_id = orders.id AND reason = ${CANCEL_REFUND_REASON})`,
      ),
    )
    .limit(20);
  for (const order of due) await refundCancelled(store, order);
  if (!store.env.STRIPE_SECRET_KEY) return;
  const unanswered = await store.db
    .select({ refund: refunds, order: { id: orders.id, stripeSessionId: orders.stripeSessionId } })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(eq(refunds.status, "requested"), sql`${refunds.createdAt} < ${now - 60_000}`))
    .limit(20);
  for (const { refund, order } of unanswered) await askStripe(store, refund, order);
}
