/**
 * The seller's side of the catalogue: add, edit, delete, switch stock. Images go to R2 first and
 * are removed again if the product row cannot be written, so a failed add leaves nothing behind.
 * Old image objects are kept on edit and delete: past orders still show them.
 */
import { eq } from "drizzle-orm";
import { rupeesToPaise } from "../../app/lib/money";
import type { Database } from "../db/client";
import { products, type Product } from "../db/schema";
import { badRequest, conflict, notFound, parseInput } from "../errors";
import { deleteImages, readImageUploads, storeImages } from "../storage/uploads";
import { productInput, stockToggleInput, type ProductInput } from "../validation/product";

type Storage = { db: Database; images: R2Bucket };

function columns(input: ProductInput) {
  return {
    name: input.name,
    category: input.category,
    description: input.description,
    pricePaise: rupeesToPaise(input.price),
    offerPricePaise: rupeesToPaise(input.offerPrice),
    weight: input.weight,
    stock: input.stock,
  };
}

/** `productData` of the spec's multipart API: a JSON object. */
export function parseProductData(value: FormDataEntryValue | null): unknown {
  if (typeof value !== "string") throw badRequest("productData must be a JSON object");
  try {
    return JSON.parse(value);
  } catch {
    throw badRequest("productData must be a JSON object");
  }
}

export async function createProduct({ db, images }: Storage, fields: unknown, files: FormDataEntryValue[]): Promise<Product> {
  const input = parseInput(productInput, fields);
  const uploads = await readImageUploads(files, { required: true });
  const keys = await storeImages(images, uploads);
  const now = Date.now();
  try {
    const [product] = await db
      .insert(products)
      .values({ id: crypto.randomUUID(), ...columns(input), images: keys, inStock: input.stock !== 0, createdAt: now, updatedAt: now })
      .returning();
    return product!;
  } catch (error) {
    await deleteImages(images, keys);
    throw error;
  }
}

/** New images (if any are sent) replace the old ones; otherwise the pictures stay. */
export async function updateProduct({ db, images }: Storage, id: string, fields: unknown, files: FormDataEntryValue[]): Promise<Product> {
  const existing = await db.query.products.findFirst({ where: eq(products.id, id) });
  if (!existing) throw notFound("Product not found");
  const input = parseInput(productInput, fields);
  const uploads = await readImageUploads(files, { required: false });
  const keys = uploads.length > 0 ? await storeImages(images, uploads) : existing.images;
  try {
    const [product] = await db
      .update(products)
      .set({ ...columns(input), images: keys, ...(input.stock === 0 && { inStock: false }), updatedAt: Date.now() })
      .where(eq(products.id, id))
      .returning();
    if (!product) throw notFound("Product not found");
    return product;
  } catch (error) {
    if (keys !== existing.images) await deleteImages(images, keys);
    throw error;
  }
}

export async function setInStock(db: Database, input: unknown): Promise<Product> {
  const { id, inStock } = parseInput(stockToggleInput, input);
  const current = await db.query.products.findFirst({ where: eq(products.id, id), columns: { stock: true } });
  if (!current) throw notFound("Product not found");
  if (inStock && current.stock === 0) throw conflict("Set a stock count above 0 before switching it on");
  const [product] = await db.update(products).set({ inStock, updatedAt: Date.now() }).where(eq(products.id, id)).returning();
  if (!product) throw notFound("Product not found");
  return product;
}

/** Shoppers stop seeing it at once; orders keep their snapshots (and its pictures). */
export async function deleteProduct(db: Database, id: string): Promise<void> {
  const deleted = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  if (deleted.length === 0) throw notFound("Product not found");
}
