/** "Order again": a past order's products added to the saved cart, never more than is in stock; unavailable ones named back. */
import { eq } from "drizzle-orm";
import { MAX_LINE_QUANTITY, type CartItems } from "@shared/cart";
import type { Database } from "@worker/db/client";
import { products, users } from "@worker/db/schema";
import { notFound, parseInput } from "@worker/errors";
import { orderRefInput } from "@worker/validation/order";
import { isInOrder, ORDER_NOT_FOUND, ownedOrder } from "./order-detail";

export type OrderAgainResult = {
  cart: CartItems;
  added: { name: string; quantity: number }[];
  /** Added short of what was ordered. */
  limited: { name: string; quantity: number }[];
  unavailable: string[];
  /** The cart already holds all there is of them. */
  alreadyInCart: string[];
  msg: string;
};

export async function orderAgain(db: Database, userId: string, input: unknown): Promise<OrderAgainResult> {
  const { orderId } = parseInput(orderRefInput, input);
  const [[order], found, account] = await db.batch([
    ownedOrder(db, userId, orderId),
    db.select().from(products).where(isInOrder(db, orderId)),
    db.select({ cartItems: users.cartItems }).from(users).where(eq(users.id, userId)).limit(1),
  ]);
  if (!order || !account[0]) throw notFound(ORDER_NOT_FOUND);

  const byId = new Map(found.map((product) => [product.id, product]));
  const cart: CartItems = { ...account[0].cartItems };
  const result: Omit<OrderAgainResult, "cart" | "msg"> = { added: [], limited: [], unavailable: [], alreadyInCart: [] };
  for (const item of order.items) {
    const product = byId.get(item.productId);
    const inCart = cart[item.productId] ?? 0;
    const quantity = Math.min(item.quantity, Math.min(MAX_LINE_QUANTITY, product?.stock ?? MAX_LINE_QUANTITY) - inCart);
    if (!product?.inStock) result.unavailable.push(item.name);
    else if (quantity <= 0) result.alreadyInCart.push(product.name);
    else {
      cart[item.productId] = inCart + quantity;
      result.added.push({ name: product.name, quantity });
      if (quantity < item.quantity) result.limited.push({ name: product.name, quantity });
    }
  }
  if (result.added.length > 0) await db.update(users).set({ cartItems: cart }).where(eq(users.id, userId));
  return { cart, ...result, msg: orderAgainMessage(result) };
}

/** Counts products, not units: the cart's badge counts units. */
function orderAgainMessage({ added, limited, unavailable, alreadyInCart }: Omit<OrderAgainResult, "cart" | "msg">): string {
  const parts = [
    added.length > 0 ? `Added ${added.length} ${added.length === 1 ? "product" : "products"} to your cart.` : "Nothing more could be added to your cart.",
  ];
  for (const { name, quantity } of limited) parts.push(`Only ${quantity} ${name} could be added.`);
  if (alreadyInCart.length > 0) parts.push(`Already in your cart, as many as there are: ${alreadyInCart.join(", ")}.`);
  if (unavailable.length > 0) parts.push(`Not available now: ${unavailable.join(", ")}.`);
  return parts.join(" ");
}
