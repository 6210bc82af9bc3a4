/** One order as its shopper follows it; another shopper's is a 404, never 403. */
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "@worker/db/client";
import { orderItems, orders, products, users, type Product } from "@worker/db/schema";
import { notFound } from "@worker/errors";
import { orderIdField } from "@worker/validation/order";
import { toOrderView, type OrderWithItems } from "./orders";
import { storeSettingsQuery, toStoreSettings } from "./store-settings";

export const ORDER_NOT_FOUND = "Order not found";

export async function orderPage(db: Database, userId: string, rawOrderId: unknown) {
  const parsed = orderIdField.safeParse(rawOrderId);
  if (!parsed.success) throw notFound(ORDER_NOT_FOUND);
  const orderId = parsed.data;
  const [account, [order], stock, settings] = await db.batch([
    db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1),
    ownedOrder(db, userId, orderId),
    db.select({ id: products.id, inStock: products.inStock, stock: products.stock }).from(products).where(isInOrder(db, orderId)),
    storeSettingsQuery(db),
  ]);
  if (account.length === 0) return { userExists: false } as const;
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return { userExists: true, order: withAvailability(order, stock), settings: toStoreSettings(settings) } as const;
}

/** The order `find` gives for a raw id; 404 when there is none, or the id is no id. */
export async function foundOrder(rawOrderId: unknown, find: (orderId: string) => Promise<OrderWithItems[]>): Promise<OrderWithItems> {
  const parsed = orderIdField.safeParse(rawOrderId);
  const [order] = parsed.success ? await find(parsed.data) : [];
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return order;
}

export const shopperOrder = (db: Database, userId: string, rawOrderId: unknown) => foundOrder(rawOrderId, (orderId) => ownedOrder(db, userId, orderId));

export const isInOrder = (db: Database, orderId: string) =>
  inArray(products.id, db.select({ id: orderItems.productId }).from(orderItems).where(eq(orderItems.orderId, orderId)));

/** A list of none or one: drizzle cannot map a `findFirst` that finds nothing inside a D1 batch. */
export const ownedOrder = (db: Database, userId: string, orderId: string) =>
  db.query.orders.findMany({ where: and(eq(orders.id, orderId), eq(orders.userId, userId)), with: { items: true, refunds: true }, limit: 1 });

export function withAvailability(order: OrderWithItems, found: Pick<Product, "id" | "inStock" | "stock">[]) {
  const byId = new Map(found.map((product) => [product.id, product]));
  const view = toOrderView(order);
  return {
    ...view,
    items: view.items.map((item) => {
      const product = byId.get(item.productId);
      return { ...item, availability: { available: Boolean(product?.inStock), stock: product?.stock ?? null } };
    }),
  };
}
