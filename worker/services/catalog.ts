/** The catalogue's listings (oldest first for shoppers, newest first for the seller; keyset-paged), products and their shapes. */
import { and, asc, desc, eq, getTableColumns, gt, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { absoluteImageUrl } from "@shared/images";
import { LOW_STOCK_SHOWN } from "@shared/cart";
import { paiseToRupees } from "@shared/money";
import { unitSalePrice } from "@shared/net-quantity";
import type { Database } from "@worker/db/client";
import { unknownCursor } from "@worker/errors";
import { products, type Product } from "@worker/db/schema";
import { ftsPhrase } from "./search-query";

export const DEFAULT_PAGE_SIZE = 20;
/** The API's unpaged list (no `limit`) stops here, then gives a cursor: the CPU budget (ADR 023). */
export const UNPAGED_LIST_CAP = 500;

export type ListQuery = { category?: string; search?: string; cursor?: string; limit?: number; stock?: StockFilter; newestFirst?: boolean };
export type StockFilter = "in-stock" | "out-of-stock" | "any";

export type ProductPage = { products: Product[]; nextCursor: string | null };

export async function listProducts(db: Database, query: ListQuery = {}): Promise<ProductPage> {
  const search = query.search?.trim() ?? "";
  // Three or more characters go through the trigram index; shorter text can't, and filters the listing.
  return [...search].length >= 3 ? searchProducts(db, query, search) : listInOrder(db, query, search);
}

/** Along products_listing_idx / products_category_idx. */
async function listInOrder(db: Database, query: ListQuery, shortSearch: string): Promise<ProductPage> {
  const limit = clampLimit(query.limit);
  const after = decodeTimeCursor(query.cursor, /^(\d+)\.(.+)$/s);
  const [beyond, direction] = query.newestFirst ? [lt, desc] : [gt, asc];
  const rows = await db
    .select()
    .from(products)
    .where(
      and(
        ...visibleTo(query),
        shortSearch ? nameContains(shortSearch) : undefined,
        after ? or(beyond(products.createdAt, after.createdAt), and(eq(products.createdAt, after.createdAt), beyond(products.id, after.key))) : undefined,
      ),
    )
    .orderBy(direction(products.createdAt), direction(products.id))
    .limit(limit + 1);
  return toPage(rows, limit, listCursor);
}

/** "Name contains" through the trigram FTS5 index, in rowid (creation) order so SQLite stops after one page instead of sorting every match. */
async function searchProducts(db: Database, query: ListQuery, search: string): Promise<ProductPage> {
  const limit = clampLimit(query.limit);
  const after = query.cursor ? Number(/^s(\d+)$/.exec(query.cursor)?.[1]) : null;
  if (after !== null && !Number.isSafeInteger(after)) throw unknownCursor();
  const newestFirst = Boolean(query.newestFirst);
  const rows = await db
    .select({ ...getTableColumns(products), ftsRowid: sql<number>`products_fts.rowid` })
    .from(products)
    .innerJoin(sql`products_fts`, sql`products_fts.rowid = ${products}.rowid`)
    .where(
      and(
        ...visibleTo(query),
        sql`products_fts MATCH ${ftsPhrase(search)}`,
        after === null ? undefined : newestFirst ? sql`products_fts.rowid < ${after}` : sql`products_fts.rowid > ${after}`,
      ),
    )
    .orderBy(newestFirst ? sql`products_fts.rowid DESC` : sql`products_fts.rowid`)
    .limit(limit + 1);
  return toPage(
    rows,
    limit,
    (last) => `s${last.ftsRowid}`,
    ({ ftsRowid: _, ...product }) => product,
  );
}

function visibleTo(query: ListQuery): (SQL | undefined)[] {
  const stock = query.stock ?? "in-stock";
  return [stock === "any" ? undefined : eq(products.inStock, stock === "in-stock"), query.category ? eq(products.category, query.category) : undefined];
}

/** One page out of `limit + 1` rows: the extra row says there is a next page. */
function toPage<Row>(rows: Row[], limit: number, cursorOf: (last: Row) => string, toProduct: (row: Row) => Product = (row) => row as Product): ProductPage {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { products: page.map(toProduct), nextCursor: rows.length > limit && last ? cursorOf(last) : null };
}

export const getProduct = async (db: Database, id: string): Promise<Product | undefined> => db.query.products.findFirst({ where: eq(products.id, id) });

export async function productWithRelated(db: Database, id: string, limit = 5): Promise<{ product: Product | undefined; related: Product[] }> {
  const categoryOf = sql`(SELECT ${products.category} FROM ${products} WHERE ${products.id} = ${id})`;
  const [found, related] = await db.batch([
    db.select().from(products).where(eq(products.id, id)).limit(1),
    db
      .select()
      .from(products)
      .where(and(sql`${products.category} = ${categoryOf}`, eq(products.inStock, true), ne(products.id, id)))
      .orderBy(asc(products.createdAt), asc(products.id))
      .limit(limit),
  ]);
  return { product: found[0], related };
}

/** The spec's "Best Sellers": the first five in-stock products. */
export const bestSellers = async (db: Database, limit = 5): Promise<Product[]> => (await listProducts(db, { limit })).products;

/** The spec's JSON shape (rupees, `_id`); images absolute, for front ends on other origins. */
export function toApiProduct(product: Product, storeOrigin: string) {
  return {
    _id: product.id,
    name: product.name,
    category: product.category,
    description: product.description,
    price: paiseToRupees(product.pricePaise),
    offerPrice: paiseToRupees(product.offerPricePaise),
    image: product.images.map((key) => absoluteImageUrl(key, storeOrigin)),
    inStock: product.inStock,
    stock: product.stock,
    weight: product.weight,
    countryOfOrigin: product.countryOfOrigin,
    manufacturer: product.manufacturer,
    shelfLife: product.shelfLife,
    gstRate: product.gstRate / 100,
    hsn: product.hsn,
    maxPerOrder: product.maxPerOrder,
    unitPrice: unitSalePrice(product.offerPricePaise, product.weight),
    createdAt: new Date(product.createdAt).toISOString(),
  };
}
export type ApiProduct = ReturnType<typeof toApiProduct>;

export const toProductView = ({ createdAt: _created, updatedAt: _updated, ...view }: Product) => view;
export type ProductView = ReturnType<typeof toProductView>;

/** What a product card shows (listings send less); `left`: the count when few are left (its change then moves the catalogue's version, migration 0024). */
export function toProductCard({ id, name, category, pricePaise, offerPricePaise, images, stock, maxPerOrder }: Product) {
  return {
    id,
    name,
    category,
    pricePaise,
    offerPricePaise,
    image: images[0] ?? null,
    left: stock !== null && stock <= LOW_STOCK_SHOWN ? stock : null,
    maxPerOrder,
  };
}
export type ProductCardView = ReturnType<typeof toProductCard>;

const clampLimit = (limit: number | undefined): number =>
  limit && Number.isFinite(limit) ? Math.min(Math.max(1, Math.floor(limit)), UNPAGED_LIST_CAP) : DEFAULT_PAGE_SIZE;

/** Names holding `text`: the pattern is bound, so only LIKE's own wildcards are escaped. */
export const nameContains = (text: string): SQL => sql`${products.name} LIKE ${`%${text.replace(/[\\%_]/g, "\\$&")}%`} ESCAPE '\\'`;

export const listCursor = ({ createdAt, id }: { createdAt: number; id: string }): string => `${createdAt}.${id}`;

/** A `<createdAt><separator><key>` cursor as `pattern` reads it; digits only: Number() also reads "0x10" and "1e3". */
export function decodeTimeCursor(cursor: string | undefined, pattern: RegExp, param?: string): { createdAt: number; key: string } | null {
  if (!cursor) return null;
  const match = pattern.exec(cursor);
  const createdAt = Number(match?.[1]);
  if (!match || !Number.isSafeInteger(createdAt)) throw unknownCursor(param);
  return { createdAt, key: match[2]! };
}
