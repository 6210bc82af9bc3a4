// Every ending of a card order waiting for its payment (ADR 066): 1. claimed (payment state "expired"); 2. closed at Stripe; 3. cancelled as claimed.
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database, Store } from "@worker/db/client";
import { orders, type Order } from "@worker/db/schema";
import { publishStoreEvent } from "@worker/events/queue";
import { closeCheckout, type CheckoutClosing } from "@worker/payments/checkout";
import { cancelUnpaidCardOrder, waitingCardOrders, type Ending } from "./cancellation";

export type ClaimedCardOrder = Pick<Order, "id" | "stripeSessionId" | "cancelledBy" | "cancelReason" | "cancelNote">;

export const claimOf = (order: Pick<Order, "cancelledBy" | "cancelReason" | "cancelNote">): Ending | null =>
  order.cancelledBy && order.cancelReason ? { by: order.cancelledBy, reason: order.cancelReason, note: order.cancelNote } : null;

export type EndOutcome = "cancelled" | "paid" | "unreachable" | "not-waiting";
type EndOptions = { ifUnreachable: "keep" | "cancel"; tell: boolean };

/** Claims the waiting card orders `where` selects; with `claimed`, unfinished claims too, keeping their own cancellation. */
export function claimCardOrders(db: Database, where: SQL | undefined, ending: Ending, { claimed = false } = {}) {
  const keep = sql`${orders.cancelReason} IS NOT NULL`;
  const { id, stripeSessionId, cancelledBy, cancelReason, cancelNote } = orders;
  return db
    .update(orders)
    .set({
      paymentState: "expired",
      cancelledBy: claimed ? sql`CASE WHEN ${keep} THEN ${orders.cancelledBy} ELSE ${ending.by} END` : ending.by,
      cancelReason: claimed ? sql`coalesce(${orders.cancelReason}, ${ending.reason})` : ending.reason,
      cancelNote: claimed ? sql`CASE WHEN ${keep} THEN ${orders.cancelNote} ELSE ${ending.note} END` : ending.note,
    })
    .where(and(waitingCardOrders({ claimed }), where))
    .returning({ id, stripeSessionId, cancelledBy, cancelReason, cancelNote });
}

/** Steps 2 and 3: close the checkouts in parallel, cancel the closed in one batch, put the others back to waiting. */
export async function finishEnding(store: Store, claimed: ClaimedCardOrder[], { ifUnreachable, tell, fallback }: EndOptions & { fallback: Ending }) {
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

export async function endWaitingCardOrder(store: Store, orderId: string, ending: Ending, options: EndOptions): Promise<EndOutcome> {
  const claimed = await claimCardOrders(store.db, eq(orders.id, orderId), ending);
  if (claimed.length === 0) return "not-waiting";
  return (await finishEnding(store, claimed, { ...options, fallback: ending })).get(orderId)!;
}
