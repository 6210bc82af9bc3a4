/**
 * The cart on the server: turning product id → quantity into lines with the latest product data
 * (flagging lines that can no longer be bought), and saving a shopper's cart.
 */
import { desc, eq, inArray } from "drizzle-orm";
import type { CartItems } from "../../app/lib/cart";
import type { Database } from "../db/client";
import { addresses, products, users } from "../db/schema";
import { badRequest, parseInput } from "../errors";
import { cartUpdateInput } from "../validation/cart";
import { toProductView, type ProductView } from "./catalog";

export type CartLine = {
  productId: string;
  quantity: number;
  /** Null when the product no longer exists. */
  product: ProductView | null;
  /** In stock and existing: counted in the totals and orderable. */
  available: boolean;
};

/** The cart page's data in one D1 round trip: the cart's products and the shopper's addresses. */
export async function cartPage(db: Database, items: CartItems, userId: string | null) {
  const ids = Object.keys(items);
  const [found, saved] = await db.batch([
    db.select().from(products).where(inArray(products.id, ids.length ? ids : [""])),
    db.select().from(addresses).where(eq(addresses.userId, userId ?? "")).orderBy(desc(addresses.createdAt)),
  ]);
  const byId = new Map(found.map((p) => [p.id, p]));
  const lines = ids.map((productId): CartLine => {
    const product = byId.get(productId);
    return {
      productId,
      quantity: items[productId]!,
      product: product ? toProductView(product) : null,
      available: Boolean(product?.inStock),
    };
  });
  return { lines, addresses: saved };
}

/** Only the lines whose products exist (a guest cart may hold products since deleted). */
export async function knownCartItems(db: Database, items: CartItems): Promise<CartItems> {
  const ids = Object.keys(items);
  if (ids.length === 0) return {};
  const found = await db.select({ id: products.id }).from(products).where(inArray(products.id, ids));
  return Object.fromEntries(found.map(({ id }) => [id, items[id]!]));
}

/** Replace a shopper's saved cart; every product must exist. */
export async function saveCart(db: Database, userId: string, input: unknown): Promise<CartItems> {
  const { cartItems } = parseInput(cartUpdateInput, input);
  const known = await knownCartItems(db, cartItems);
  if (Object.keys(known).length !== Object.keys(cartItems).length) throw badRequest("Unknown product in cart");
  await writeCart(db, userId, known);
  return known;
}

/** Keep the lines of known products and make them the shopper's saved cart (login merge, no-JS buttons). */
export async function storeCart(db: Database, userId: string, items: CartItems): Promise<CartItems> {
  const known = await knownCartItems(db, items);
  await writeCart(db, userId, known);
  return known;
}

function writeCart(db: Database, userId: string, items: CartItems) {
  return db.update(users).set({ cartItems: items }).where(eq(users.id, userId));
}
