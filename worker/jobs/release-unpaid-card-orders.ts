// Ends card orders unpaid past their hold whatever went wrong with Stripe's expiry event (ADR 054, ADR 066).
import { and, inArray, lte } from "drizzle-orm";
import { UNPAID_CARD_ORDER_HOLD_MS } from "@shared/order-status";
import type { Store } from "@worker/db/client";
import { orders } from "@worker/db/schema";
import { applyPaidCheckout } from "@worker/payments/webhook";
import { systemEnding, UNPAID_CANCEL_REASONS, waitingCardOrders } from "@worker/services/cancellation";
import { claimCardOrders, finishEnding } from "@worker/services/unpaid-card-orders";

/** Orders one run ends at most (each asks Stripe once or twice); the next run takes the rest. */
export const SWEEP_BATCH = 50;

export async function releaseUnpaidCardOrders(store: Store, now: number): Promise<{ released: string[]; paid: string[] }> {
  const due = store.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(waitingCardOrders({ claimed: true }), lte(orders.createdAt, now - UNPAID_CARD_ORDER_HOLD_MS)))
    .limit(SWEEP_BATCH);
  const expired = systemEnding(UNPAID_CANCEL_REASONS.expired);
  const claimed = await claimCardOrders(store.db, inArray(orders.id, due), expired, { claimed: true });
  // Past its hold Stripe no longer takes the payment: an order whose checkout cannot be asked about ends anyway.
  const outcomes = await finishEnding(store, claimed, { ifUnreachable: "cancel", tell: true, fallback: expired });
  const released = claimed.filter((order) => outcomes.get(order.id) === "cancelled").map((order) => order.id);
  // Paid at Stripe, its event lost: recorded as the event would have been, so it is not asked about again.
  const paid: string[] = [];
  for (const order of claimed.filter((o) => outcomes.get(o.id) === "paid")) {
    if (order.stripeSessionId && (await applyPaidCheckout(store, order.stripeSessionId))) paid.push(order.id);
    else console.warn("A card order past its hold is paid at Stripe but could not be recorded", { orderId: order.id });
  }
  return { released, paid };
}
