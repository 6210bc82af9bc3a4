// The seller's catalogue writes. Images go to R2 first and are removed if the row cannot be written; old ones are
// kept, as past orders show them. Being on sale is the database's to derive from `switchedOff` and `stock` (ADR 019).
import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { rupeesToPaise } from "@shared/money";
import { storeSettingsQuery, toStoreSettings } from "./store-settings";
import type { Database } from "@worker/db/client";
import { products, type Product } from "@worker/db/schema";
import { badRequest, conflict, notFound, parseInput } from "@worker/errors";
import { deleteImages, readImageChoices, storeImageChoices, type ImageChoice } from "@worker/storage/uploads";
import { productInput, stockToggleInput, type ProductInput } from "@worker/validation/product";

export type ProductStore = { db: Database; env: Pick<Env, "IMAGES"> };

export function productColumns({ price, offerPrice, stock: _stock, stockSeen: _stockSeen, ...fields }: ProductInput) {
  return { ...fields, pricePaise: rupeesToPaise(price), offerPricePaise: rupeesToPaise(offerPrice) };
}

/** The product form's product (to edit) and the GST rates it offers (ADR 073), in one round trip. */
export async function productForm(db: Database, id = "") {
  const [found, settings] = await db.batch([db.select().from(products).where(eq(products.id, id)).limit(1), storeSettingsQuery(db)]);
  return { product: found[0], gstRates: toStoreSettings(settings).gstRates };
}

export function parseProductData(value: FormDataEntryValue | null): unknown {
  if (typeof value !== "string") throw badRequest("productData must be a JSON object");
  try {
    return JSON.parse(value);
  } catch {
    throw badRequest("productData must be a JSON object");
  }
}

/** The API's update without new files. */
export const SAME_IMAGES = "same";

export async function createProduct({ db, env }: ProductStore, fields: unknown, images: ImageChoice[]): Promise<Product> {
  const input = parseInput(productInput, fields);
  const { keys } = await storeImageChoices(env.IMAGES, await readImageChoices([], images));
  const now = Date.now();
  const id = crypto.randomUUID();
  const insert = db.insert(products).values({ id, ...productColumns(input), stock: input.stock, images: keys, createdAt: now, updatedAt: now });
  const product = await writeThenRead(db, id, insert, () => deleteImages(env.IMAGES, keys));
  if (!product) throw new Error("The new product was not written");
  return product;
}

/** The pictures become `images` in that order, or stay (SAME_IMAGES). */
export async function updateProduct({ db, env }: ProductStore, id: string, fields: unknown, images: ImageChoice[] | typeof SAME_IMAGES): Promise<Product> {
  const existing = await db.query.products.findFirst({ where: eq(products.id, id) });
  if (!existing) throw notFound("Product not found");
  const input = parseInput(productInput, fields);
  const { keys, stored } =
    images === SAME_IMAGES ? { keys: existing.images, stored: [] } : await storeImageChoices(env.IMAGES, await readImageChoices(existing.images, images));
  const count = stockWrite(input);
  const updatedAt = Date.now();
  const write = db
    .update(products)
    .set({ ...productColumns(input), ...(count ? { stock: count.stock } : {}), images: keys, updatedAt })
    .where(and(eq(products.id, id), count?.onlyIf === undefined ? undefined : sql`${products.stock} IS ${count.onlyIf}`));
  const product = await writeThenRead(db, id, write, () => deleteImages(env.IMAGES, stored));
  if (!product) throw notFound("Product not found");
  if (product.updatedAt !== updatedAt) {
    await deleteImages(env.IMAGES, stored);
    throw conflict(stockMovedMessage(count?.onlyIf ?? null, product.stock, count?.stock ?? null));
  }
  return product;
}

/** The seller's switch: off is remembered (ADR 019); on needs counted stock above zero. */
export async function setInStock(db: Database, input: unknown): Promise<Product> {
  const { id, inStock } = parseInput(stockToggleInput, input);
  const current = await db.query.products.findFirst({ where: eq(products.id, id) });
  if (!current) throw notFound("Product not found");
  if (inStock && current.stock === 0) throw conflict("Set a stock count above 0 before switching it on");
  if (current.switchedOff === !inStock) return current;
  const product = await writeThenRead(db, id, db.update(products).set({ switchedOff: !inStock, updatedAt: Date.now() }).where(eq(products.id, id)));
  if (!product) throw notFound("Product not found");
  return product;
}

export async function deleteProduct(db: Database, id: string): Promise<void> {
  const deleted = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  if (deleted.length === 0) throw notFound("Product not found");
}

/** With `stockSeen`, an untouched count is left to the orders, and a new one written only if still the one shown (ADR 042). */
function stockWrite(input: ProductInput): { stock: number | null; onlyIf?: number | null } | null {
  if (input.stockSeen === undefined) return { stock: input.stock };
  if (input.stock === input.stockSeen) return null;
  return { stock: input.stock, onlyIf: input.stockSeen };
}

const counted = (stock: number | null) => (stock === null ? "not counted" : String(stock));

/** What moved, and what a second save does (the page reads the count again on this 409). */
function stockMovedMessage(seen: number | null, now: number | null, wanted: number | null): string {
  const again = wanted === null ? "save again to stop counting it" : `save again to set it to ${wanted}`;
  return `The stock changed from ${counted(seen)} to ${counted(now)} while you were editing (an order, or a change made elsewhere). Nothing was saved: ${again}, or correct the count.`;
}

/** RETURNING would show the row before the triggers derived `inStock`; `undo` runs when the write fails. */
async function writeThenRead(db: Database, id: string, write: BatchItem<"sqlite">, undo?: () => Promise<void>): Promise<Product | undefined> {
  try {
    const [, [product]] = await db.batch([write, db.select().from(products).where(eq(products.id, id))]);
    return product;
  } catch (error) {
    await undo?.();
    throw error;
  }
}
