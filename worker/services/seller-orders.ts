/** The seller's view of orders: everything to fulfil (cash on delivery, or paid online), newest first. */
import { and, count, desc, eq, lt, or, type SQL } from "drizzle-orm";
import type { Database } from "@worker/db/client";
import type { OrderStatus } from "@shared/order-status";
import { orders } from "@worker/db/schema";
import type { OrderWithItems } from "./orders";

export const SELLER_PAGE_SIZE = 10;

const toFulfil = or(eq(orders.paymentType, "COD"), eq(orders.isPaid, true))!;

export type SellerOrderQuery = { status?: OrderStatus; before?: number };

export type SellerOrdersPage = { orders: OrderWithItems[]; nextBefore: number | null; awaitingPacking: number };

/** A page of orders and the count waiting to be packed, in one D1 round trip. */
export async function sellerOrdersPage(db: Database, query: SellerOrderQuery = {}): Promise<SellerOrdersPage> {
  const conditions: SQL[] = [toFulfil];
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.before) conditions.push(lt(orders.createdAt, query.before));
  const [rows, [waiting]] = await db.batch([
    db.query.orders.findMany({ where: and(...conditions), orderBy: desc(orders.createdAt), limit: SELLER_PAGE_SIZE + 1, with: { items: true } }),
    db.select({ n: count() }).from(orders).where(and(toFulfil, eq(orders.status, "Order Placed"))),
  ]);
  const page = rows.slice(0, SELLER_PAGE_SIZE);
  return {
    orders: page,
    nextBefore: rows.length > SELLER_PAGE_SIZE ? page[page.length - 1]!.createdAt : null,
    awaitingPacking: waiting?.n ?? 0,
  };
}
