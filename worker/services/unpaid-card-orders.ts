/**
 * Ending a card order that waits for its payment (ADR 066). Every path that ends one goes through
 * here: the shopper's cancel, the seller's, a new order that replaces it, the scheduled sweep past
 * its hold (worker/jobs/release-unpaid-card-orders.ts), the undo of a checkout Stripe would not
 * open. Each is
 *
 * 1. claimed: payment state "expired" while still placed, with the cancellation to make in its
 *    cancel fields, so nothing else pays, replaces or sweeps it meanwhile;
 * 2. closed at Stripe (`checkout.sessions.expire`): it can no longer be paid;
 * 3. cancelled as claimed, its stock back once. The expiry event the closing sends may arrive
 *    first: the webhook then cancels it with the claim's words (worker/payments/webhook.ts).
 *
 * A checkout Stripe says was paid meanwhile is not cancelled: the order waits again and the
 * payment event applies. One Stripe cannot be asked about waits again too, unless the caller says
 * to cancel anyway (the sweep: past its hold, Stripe itself no longer takes the payment).
 */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "@worker/db/client";
import { orders, type Order } from "@worker/db/schema";
import { publishStoreEvent } from "@worker/events/queue";
import { closeCheckout, type CheckoutClosing } from "@worker/payments/checkout";
import { cancelUnpaidCardOrder, type Ending } from "./cancellation";

type Store = { db: Database; env: Env };

/** A claimed order: the checkout to close and the cancellation to make. */
export type ClaimedCardOrder = Pick<Order, "id" | "stripeSessionId" | "cancelledBy" | "cancelReason" | "cancelNote">;

/** The cancellation a claimed order is to get (its cancel fields), if one was recorded. */
export function claimOf(order: Pick<Order, "cancelledBy" | "cancelReason" | "cancelNote">): Ending | null {
  return order.cancelledBy && order.cancelReason ? { by: order.cancelledBy, reason: order.cancelReason, note: order.cancelNote } : null;
}

/** What became of an order to end. */
export type EndOutcome = "cancelled" | "paid" | "unreachable" | "not-waiting";

/** Card orders waiting for their first payment: placed, unpaid, checkout open (`claimed`: or claimed for ending already). */
export function waitingCardOrders({ claimed = false } = {}): SQL {
  return and(
    eq(orders.status, "Order Placed"),
    eq(orders.paymentType, "Online"),
    eq(orders.isPaid, false),
    claimed ? inArray(orders.paymentState, ["pending", "expired"]) : eq(orders.paymentState, "pending"),
  )!;
}

/**
 * Claims the waiting card orders `where` selects for `ending` (a statement, awaitable or part of a
 * batch). With `claimed`, orders another ending claimed and never finished are taken too, their
 * own cancellation kept.
 */
export function claimCardOrders(db: Database, where: SQL | undefined, ending: Ending, { claimed = false } = {}) {
  // An order claimed before keeps its own cancellation (its reason was set with its claim).
  const keep = sql`${orders.cancelReason} IS NOT NULL`;
  return db
    .update(orders)
    .set({
      paymentState: "expired",
      cancelledBy: claimed ? sql`CASE WHEN ${keep} THEN ${orders.cancelledBy} ELSE ${ending.by} END` : ending.by,
      cancelReason: claimed ? sql`coalesce(${orders.cancelReason}, ${ending.reason})` : ending.reason,
      cancelNote: claimed ? sql`CASE WHEN ${keep} THEN ${orders.cancelNote} ELSE ${ending.note} END` : ending.note,
    })
    .where(and(waitingCardOrders({ claimed }), where))
    .returning({
      id: orders.id,
      stripeSessionId: orders.stripeSessionId,
      cancelledBy: orders.cancelledBy,
      cancelReason: orders.cancelReason,
      cancelNote: orders.cancelNote,
    });
}

/**
 * Steps 2 and 3 for claimed orders: close each checkout (at once, in parallel), cancel those
 * closed in one batch, put the others back to waiting. `ifUnreachable: "cancel"` cancels an
 * order whose checkout Stripe could not be asked about; `tell` tells the shopper through the
 * event queue. Returns each order's outcome, by id.
 */
export async function finishEnding(
  store: Store,
  claimed: ClaimedCardOrder[],
  { ifUnreachable, tell, fallback }: { ifUnreachable: "keep" | "cancel"; tell: boolean; fallback: Ending },
): Promise<Map<string, EndOutcome>> {
  const { db } = store;
  const outcomes = new Map<string, EndOutcome>();
  if (claimed.length === 0) return outcomes;
  const closings: CheckoutClosing[] = await Promise.all(
    claimed.map((order) => (order.stripeSessionId ? closeCheckout(store.env, order.stripeSessionId) : "closed")),
  );
  const ending = (i: number) => (closings[i] === "closed" || (closings[i] === "unreachable" && ifUnreachable === "cancel") ? "cancel" : "keep");
  const toCancel = claimed.filter((_, i) => ending(i) === "cancel");
  const toKeep = claimed.filter((_, i) => ending(i) === "keep").map((order) => order.id);
  claimed.forEach((order, i) => outcomes.set(order.id, ending(i) === "cancel" ? "cancelled" : (closings[i] as EndOutcome)));

  if (toKeep.length > 0)
    await db
      .update(orders)
      .set({ paymentState: "pending", cancelledBy: null, cancelReason: null, cancelNote: null })
      .where(and(inArray(orders.id, toKeep), eq(orders.paymentState, "expired"), eq(orders.status, "Order Placed")));
  const cancellations = await Promise.all(toCancel.map((order) => cancelUnpaidCardOrder(db, order.id, claimOf(order) ?? fallback)));
  const [first, ...rest] = cancellations.flatMap((c) => c.statements) as BatchItem<"sqlite">[];
  if (first) await db.batch([first, ...rest]);
  if (tell) {
    const at = Date.now();
    for (const order of toCancel) await publishStoreEvent(store, { kind: "order-event", orderId: order.id, event: "Cancelled", at });
  }
  return outcomes;
}

/** Ends one order, if it still waits for its payment: claimed, closed, cancelled (`not-waiting` when it no longer waits). */
export async function endWaitingCardOrder(
  store: Store,
  orderId: string,
  ending: Ending,
  options: { ifUnreachable: "keep" | "cancel"; tell: boolean },
): Promise<EndOutcome> {
  const claimed = await claimCardOrders(store.db, eq(orders.id, orderId), ending);
  if (claimed.length === 0) return "not-waiting";
  return (await finishEnding(store, claimed, { ...options, fallback: ending })).get(orderId)!;
}
