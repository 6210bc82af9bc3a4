/** "Order again": a past order's products added to the saved cart, never more than is in stock; unavailable ones named back. */
import { eq } from "drizzle-orm";
import { MAX_LINE_QUANTITY, mostPerOrder, type CartItems } from "@shared/cart";
import type { Database } from "@worker/db/client";
import { products, users } from "@worker/db/schema";
import { notFound, parseInput } from "@worker/errors";
import { orderRefInput } from "@worker/validation/order";
import { isInOrder, ORDER_NOT_FOUND, ownedOrder } from "./order-detail";

type Lines = { name: string; quantity: number }[];
/** `limited`: added short of what was ordered; `alreadyInCart`: the cart already holds all there is of them. */
type Outcome = { added: Lines; limited: Lines; unavailable: string[]; alreadyInCart: string[] };

export async function orderAgain(db: Database, userId: string, input: unknown): Promise<Outcome & { cart: CartItems; msg: string }> {
  const { orderId } = parseInput(orderRefInput, input);
  const [[order], found, account] = await db.batch([
    ownedOrder(db, userId, orderId),
    db.select().from(products).where(isInOrder(db, orderId)),
    db.select({ cartItems: users.cartItems }).from(users).where(eq(users.id, userId)).limit(1),
  ]);
  if (!order || !account[0]) throw notFound(ORDER_NOT_FOUND);

  const byId = new Map(found.map((product) => [product.id, product]));
  const cart: CartItems = { ...account[0].cartItems };
  const result: Outcome = { added: [], limited: [], unavailable: [], alreadyInCart: [] };
  for (const item of order.items) {
    const product = byId.get(item.productId);
    const inCart = cart[item.productId] ?? 0;
    const quantity = Math.min(item.quantity, (product ? mostPerOrder(product) : MAX_LINE_QUANTITY) - inCart);
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
function orderAgainMessage({ added, limited, unavailable, alreadyInCart }: Outcome): string {
  const parts = [
    added.length > 0 ? `Added ${added.length} ${added.length === 1 ? "product" : "products"} to your cart.` : "Nothing more could be added to your cart.",
  ];
  for (const { name, quantity } of limited) parts.push(`Only ${quantity} ${name} could be added.`);
  if (alreadyInCart.length > 0) parts.push(`Already in your cart, as many as there are: ${alreadyInCart.join(", ")}.`);
  if (unavailable.length > 0) parts.push(`Not available now: ${unavailable.join(", ")}.`);
  return parts.join(" ");
}
