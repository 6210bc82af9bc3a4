/** What every cancellation does: the status history stamped, counted stock given back exactly once. */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { CancelledBy, OrderStatus } from "@shared/order-status";
import type { Database } from "@worker/db/client";
import { orderItems, orders, products } from "@worker/db/schema";

export const historyWith = (to: OrderStatus, at: number): SQL => sql`json_insert(${orders.statusHistory}, '$[#]', json_object('status', ${to}, 'at', ${at}))`;

export const UNPAID_CANCEL_REASONS = {
  expired: "Payment not completed in time",
  failed: "Payment failed",
  replaced: "Replaced by your new order",
  /** Stripe failed when its checkout was to be opened (ADR 066). */
  notStarted: "Online payment could not be started",
} as const;

export type Ending = { by: CancelledBy; reason: string; note: string | null };

export const systemEnding = (reason: string): Ending => ({ by: "system", reason, note: null });

export const cancelColumns = ({ by, reason, note }: Ending) => ({ cancelledBy: by, cancelReason: reason, cancelNote: note });

/** Card orders waiting for their first payment (`claimed`: or claimed for ending already). */
export const waitingCardOrders = ({ claimed = false } = {}): SQL =>
  and(
    eq(orders.status, "Order Placed"),
    eq(orders.paymentType, "Online"),
    eq(orders.isPaid, false),
    claimed ? inArray(orders.paymentState, ["pending", "expired"]) : eq(orders.paymentState, "pending"),
  )!;

/** For the caller's batch: cancels a card order only while it waits or is claimed (ADR 054, 066), else changes nothing. */
export async function cancelUnpaidCardOrder(db: Database, orderId: string, ending: Ending, now = Date.now()) {
  const cancel = db
    .update(orders)
    .set({ status: "Cancelled", statusHistory: historyWith("Cancelled", now), updatedAt: now, ...cancelColumns(ending) })
    .where(and(eq(orders.id, orderId), waitingCardOrders({ claimed: true })));
  return { statements: [cancel, ...(await returnStock(db, orderId)).statements] };
}

/** Guarded by the order's stock_returned flag. */
export async function returnStock(db: Database, orderId: string): Promise<{ statements: BatchItem<"sqlite">[] }> {
  // What each line took, no more: a product counted only since gets nothing back it never gave.
  const items = await db
    .select({ productId: orderItems.productId, stockTaken: orderItems.stockTaken })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), sql`${orderItems.stockTaken} > 0`));
  const notYetReturned = sql`EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.id} = ${orderId} AND ${orders.status} = 'Cancelled' AND ${orders.stockReturned} = 0)`;
  const statements = [
    ...items.map((item) =>
      db
        .update(products)
        .set({ stock: sql`${products.stock} + ${item.stockTaken}` })
        .where(and(eq(products.id, item.productId), sql`${products.stock} IS NOT NULL`, notYetReturned)),
    ),
    db
      .update(orders)
      .set({ stockReturned: true })
      .where(and(eq(orders.id, orderId), eq(orders.status, "Cancelled"))),
  ];
  return { statements };
}
