import { desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { CartItems, CartPrices } from "@shared/cart";
import type { Database } from "@worker/db/client";
import { orderItems, orders, products, users, type Product } from "@worker/db/schema";
import { badRequest, parseInput } from "@worker/errors";
import { cartUpdateInput } from "@worker/validation/cart";
import { listAddresses } from "./addresses";
import { toProductView } from "./catalog";
import { waitingCardOrdersOf } from "./orders";
import { storeSettingsQuery, toStoreSettings, type StoreSettings } from "./store-settings";

export type CartLine = ReturnType<typeof toCartLines>[number];

/** The cart page's data in one D1 round trip; placing the cart replaces the shopper's waiting card orders, so their stock counts as left. */
export async function cartPage(db: Database, shopper: { userId: string } | { guestItems: CartItems }) {
  if ("guestItems" in shopper) {
    const ids = Object.keys(shopper.guestItems);
    const [settings, found] = ids.length
      ? await db.batch([storeSettingsQuery(db), db.select().from(products).where(inArray(products.id, ids))])
      : [await storeSettingsQuery(db), []];
    return { signedIn: false, lines: toCartLines(shopper.guestItems, found), addresses: [], waiting: null, settings: toStoreSettings(settings) };
  }
  const inSavedCart = inCart(savedCartOf(shopper.userId));
  const [account, found, saved, held, settingsRow] = await db.batch([
    db.select({ cartItems: users.cartItems }).from(users).where(eq(users.id, shopper.userId)).limit(1),
    db.select().from(products).where(inSavedCart),
    listAddresses(db, shopper.userId), // the default first: the one checkout preselects
    db
      .select({ orderId: orders.id, createdAt: orders.createdAt, productId: orderItems.productId, held: orderItems.stockTaken })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(waitingCardOrdersOf(shopper.userId))
      .orderBy(desc(orders.createdAt)),
    storeSettingsQuery(db),
  ]);
  const settings = toStoreSettings(settingsRow);
  const items = account[0]?.cartItems;
  if (!items) return { signedIn: false, lines: [], addresses: [], waiting: null, settings };
  const newest = held[0];
  return {
    signedIn: true,
    lines: toCartLines(items, withHeldStock(found, held)),
    addresses: saved,
    waiting: newest ? { id: newest.orderId, createdAt: newest.createdAt } : null,
    settings,
  };
}

/** Counted stock plus what the shopper's own waiting orders hold. */
function withHeldStock(found: Product[], held: { productId: string; held: number }[]): Product[] {
  const heldBy = new Map<string, number>();
  for (const { productId, held: units } of held) heldBy.set(productId, (heldBy.get(productId) ?? 0) + units);
  return found.map((product) => {
    const units = heldBy.get(product.id) ?? 0;
    if (units === 0 || product.stock === null) return product;
    const stock = product.stock + units;
    // As the schema's triggers derive it.
    return { ...product, stock, inStock: !product.switchedOff && stock > 0 };
  });
}

/** Offer prices of a saved cart's products, for the caller's batch. */
export const savedCartPricesQuery = (db: Database, userId: string) => pricesOf(db, savedCartOf(userId));

const savedCartOf = (userId: string) => sql`(SELECT ${users.cartItems} FROM ${users} WHERE ${users.id} = ${userId})`;
const inCart = (cart: SQL) => sql`${products.id} IN (SELECT key FROM json_each(${cart}))`;

export async function guestForPages(db: Database, items: CartItems): Promise<{ prices: CartPrices; settings: StoreSettings }> {
  if (Object.keys(items).length === 0) return { prices: {}, settings: toStoreSettings(await storeSettingsQuery(db)) };
  // The cart as one JSON parameter: a 100-line cart stays within D1's 100 bound parameters.
  const [priced, settings] = await db.batch([pricesOf(db, sql`${JSON.stringify(items)}`), storeSettingsQuery(db)]);
  return { prices: toPrices(priced), settings: toStoreSettings(settings) };
}

/** The cart's products by key. On sale is decided in code: `in_stock = 1` here makes SQLite walk the in-stock index. */
const pricesOf = (db: Database, cart: SQL) =>
  db.select({ id: products.id, offerPricePaise: products.offerPricePaise, inStock: products.inStock }).from(products).where(inCart(cart));

/** Offer prices of the products on sale. */
export const toPrices = (rows: { id: string; offerPricePaise: number; inStock: boolean }[]): CartPrices =>
  Object.fromEntries(rows.filter((row) => row.inStock).map((row) => [row.id, row.offerPricePaise]));

/** `available`: in stock and existing, so counted and orderable. */
function toCartLines(items: CartItems, found: Product[]) {
  const byId = new Map(found.map((p) => [p.id, p]));
  return Object.keys(items).map((productId) => {
    const product = byId.get(productId);
    return { productId, quantity: items[productId]!, product: product ? toProductView(product) : null, available: Boolean(product?.inStock) };
  });
}

/** The lines whose products exist, in the order they were added. */
export async function knownCartItems(db: Database, items: CartItems): Promise<CartItems> {
  const ids = Object.keys(items);
  if (ids.length === 0) return {};
  const found = new Set((await db.select({ id: products.id }).from(products).where(inArray(products.id, ids))).map(({ id }) => id));
  return Object.fromEntries(ids.filter((id) => found.has(id)).map((id) => [id, items[id]!]));
}

/** Save the lines of known products (login merge, no-JS buttons); `allKnown`: refuse the cart if one is not (the API). */
export async function storeCart(db: Database, userId: string, items: CartItems, { allKnown = false } = {}): Promise<CartItems> {
  const known = await knownCartItems(db, items);
  if (allKnown && Object.keys(known).length !== Object.keys(items).length) throw badRequest("Unknown product in cart");
  await db.update(users).set({ cartItems: known }).where(eq(users.id, userId));
  return known;
}

/** Replace a shopper's saved cart; every product must exist. */
export const saveCart = (db: Database, userId: string, input: unknown) =>
  storeCart(db, userId, parseInput(cartUpdateInput, input).cartItems, { allKnown: true });
