/**
 * "Order again": a past order's products go back into the shopper's saved cart, as many as were
 * bought, added to what the cart already holds, never more than is in stock (or than a cart line
 * takes). Products gone, switched off or sold out are named back, not added.
 */
import { eq, inArray } from "drizzle-orm";
import { MAX_LINE_QUANTITY, type CartItems } from "@shared/cart";
import type { Database } from "@worker/db/client";
import { orderItems, products, users } from "@worker/db/schema";
import { notFound, parseInput } from "@worker/errors";
import { orderRefInput } from "@worker/validation/order";
import { ORDER_NOT_FOUND, ownedOrder } from "./order-detail";

export type OrderAgainResult = {
  cart: CartItems;
  /** Lines put in the cart, with how many were added. */
  added: { name: string; quantity: number }[];
  /** Items added short of what was ordered: only `quantity` were left. */
  limited: { name: string; quantity: number }[];
  /** Items not put in the cart at all: gone, off sale or sold out. */
  unavailable: string[];
  /** On sale, but the cart already holds all there is of them. */
  alreadyInCart: string[];
  msg: string;
};

export async function orderAgain(db: Database, userId: string, input: unknown): Promise<OrderAgainResult> {
  const { orderId } = parseInput(orderRefInput, input);
  const [[order], found, account] = await db.batch([
    ownedOrder(db, userId, orderId),
    db
      .select()
      .from(products)
      .where(inArray(products.id, db.select({ id: orderItems.productId }).from(orderItems).where(eq(orderItems.orderId, orderId)))),
    db.select({ cartItems: users.cartItems }).from(users).where(eq(users.id, userId)).limit(1),
  ]);
  if (!order || !account[0]) throw notFound(ORDER_NOT_FOUND);

  const byId = new Map(found.map((product) => [product.id, product]));
  const cart: CartItems = { ...account[0].cartItems };
  const result: Omit<OrderAgainResult, "cart" | "msg"> = { added: [], limited: [], unavailable: [], alreadyInCart: [] };
  for (const item of order.items) {
    const product = byId.get(item.productId);
    const inCart = cart[item.productId] ?? 0;
    const most = Math.min(MAX_LINE_QUANTITY, product?.stock ?? MAX_LINE_QUANTITY);
    if (!product?.inStock) {
      result.unavailable.push(item.name);
      continue;
    }
    const quantity = Math.min(item.quantity, most - inCart);
    if (quantity <= 0) {
      result.alreadyInCart.push(product.name);
      continue;
    }
    cart[item.productId] = inCart + quantity;
    result.added.push({ name: product.name, quantity });
    if (quantity < item.quantity) result.limited.push({ name: product.name, quantity });
  }
  if (result.added.length > 0) await db.update(users).set({ cartItems: cart }).where(eq(users.id, userId));
  return { cart, ...result, msg: orderAgainMessage(result) };
}

/** "Added 2 products to your cart. Only 1 Mango left. Not available now: Milk 1 L." (products, not units: the cart's badge counts units). */
function orderAgainMessage({ added, limited, unavailable, alreadyInCart }: Omit<OrderAgainResult, "cart" | "msg">): string {
  const parts = [
    added.length > 0 ? `Added ${added.length} ${added.length === 1 ? "product" : "products"} to your cart.` : "Nothing more could be added to your cart.",
  ];
  for (const { name, quantity } of limited) parts.push(`Only ${quantity} ${name} could be added.`);
  if (alreadyInCart.length > 0) parts.push(`Already in your cart, as many as there are: ${alreadyInCart.join(", ")}.`);
  if (unavailable.length > 0) parts.push(`Not available now: ${unavailable.join(", ")}.`);
  return parts.join(" ");
}
