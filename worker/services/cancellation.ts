/**
 * What every cancellation does to an order's record and stock, for the lifecycle's moves
 * (./order-status.ts) and the ending of unpaid card orders (./unpaid-card-orders.ts): the status
 * history stamped, counted stock given back exactly once.
 */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { OrderStatus } from "@shared/order-status";
import type { Database } from "@worker/db/client";
import type { CancelledBy } from "@shared/order-status";
import { orderItems, orders, products } from "@worker/db/schema";

/** The order's status history with this move stamped on its end. */
export function historyWith(to: OrderStatus, at: number): SQL {
  return sql`json_insert(${orders.statusHistory}, '$[#]', json_object('status', ${to}, 'at', ${at}))`;
}

/** Why the store cancelled a card order whose payment never came. */
export const UNPAID_CANCEL_REASONS = {
  expired: "Payment not completed in time",
  failed: "Payment failed",
  /** The shopper placed a new order while it waited; the store closed its checkout (services/checkout.ts). */
  replaced: "Replaced by your new order",
  /** Stripe refused or did not answer when its checkout was to be opened (ADR 066). */
  notStarted: "Card payment could not be started",
} as const;

/** Who ends a card order that waits for its payment, and why (recorded as its cancellation). */
export type Ending = { by: CancelledBy; reason: string; note: string | null };

/** The store's own ending of an unpaid card order. */
export const systemEnding = (reason: string): Ending => ({ by: "system", reason, note: null });

/**
 * A card order whose payment never came or will not be made (its Checkout Session expired or was
 * closed, the payment failed): cancelled as `ending` says, its stock back, as any cancellation
 * (ADR 054, 066). Only while it still waits for its first payment, or is claimed for ending
 * (payment state "expired"), and the seller has not moved it; otherwise the statements change
 * nothing. They are run in the caller's batch (the Stripe event's, recorded once).
 */
export async function cancelUnpaidCardOrder(db: Database, orderId: string, ending: Ending, now = Date.now()) {
  const cancel = db
    .update(orders)
    .set({
      status: "Cancelled",
      statusHistory: historyWith("Cancelled", now),
      updatedAt: now,
      cancelReason: ending.reason,
      cancelNote: ending.note,
      cancelledBy: ending.by,
    })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, "Order Placed"),
        eq(orders.paymentType, "Online"),
        eq(orders.isPaid, false),
        inArray(orders.paymentState, ["pending", "expired"]),
      ),
    );
  return { statements: [cancel, ...(await returnStock(db, orderId)).statements] };
}

/** Counted stock of a cancelled order goes back once: guarded by the order's stock_returned flag. */
export async function returnStock(db: Database, orderId: string): Promise<{ statements: BatchItem<"sqlite">[] }> {
  // What each line took off a counted stock, and no more: a product the store began counting after
  // the order was placed gets nothing back it never gave.
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
