/**
 * The catalogue as CSV (the columns of shared/product-csv.ts), a page per request:
 * each answer reads one page of products along products_seller_idx (creation order, keyset
 * cursor) and names the next, so every request costs the same whatever the size of the catalogue
 * (the CPU budget, ADR 023), and the pages put together in order are the whole file: the first
 * starts with the header, the others hold only lines. The product list's Export button fetches
 * them one after the other into one download (ADR 038). Without JavaScript the seller downloads
 * them as numbered parts from the import page (`/seller/products/import?export=files`,
 * `exportParts`), each a file of its own with the header (ADR 045).
 */
import { absoluteImageUrl } from "@shared/images";
import { paiseToRupees } from "@shared/money";
import { count, sql } from "drizzle-orm";
import { csvLine } from "@worker/csv";
import type { Database } from "@worker/db/client";
import { products, type Product } from "@worker/db/schema";
import { CSV_COLUMNS, type CsvColumn } from "@shared/product-csv";
import { listCursor, listProducts } from "./catalog";
import { istDate, istDay } from "@shared/ist";

/** Products per page: 50,000 products are 100 requests of a few milliseconds each. */
export const EXPORT_PAGE_SIZE = 500;

/** One product's cells, column by column. */
export function csvCells(product: Product, storeOrigin: string): Record<CsvColumn, string> {
  return {
    id: product.id,
    name: product.name,
    category: product.category,
    price: String(paiseToRupees(product.pricePaise)),
    offer_price: String(paiseToRupees(product.offerPricePaise)),
    stock: product.stock === null ? "" : String(product.stock),
    weight: product.weight ?? "",
    description: product.description.join("\n"),
    images: product.images.map((key) => absoluteImageUrl(key, storeOrigin)).join(" "),
    in_stock: product.inStock ? "yes" : "no",
  };
}

export type ExportPage = { csv: string; nextCursor: string | null };

/**
 * One page of the export, oldest products first. The first page (no cursor) starts with a byte
 * order mark (so Excel reads ₹ and Hindi names as UTF-8) and the header line.
 */
export async function exportCataloguePage(db: Database, storeOrigin: string, cursor?: string, { header = !cursor } = {}): Promise<ExportPage> {
  const page = await listProducts(db, { stock: "any", limit: EXPORT_PAGE_SIZE, cursor });
  const lines = page.products.map((product) => {
    const cells = csvCells(product, storeOrigin);
    return csvLine(CSV_COLUMNS.map((column) => cells[column]));
  });
  return { csv: `${header ? `\uFEFF${csvLine(CSV_COLUMNS)}` : ""}${lines.join("")}`, nextCursor: page.nextCursor };
}

/** One downloadable part of the export: products `from` to `to` (counted from 1), downloaded from `href`. */
export type ExportPart = { part: number; from: number; to: number; href: string };

/**
 * The export as numbered parts of EXPORT_PAGE_SIZE products, for the seller without JavaScript:
 * how many products there are and where each part starts, in one D1 round trip. D1 walks
 * products_seller_idx once (a count and a numbering of the index's entries) and returns one row per
 * part, so the Worker's work grows with the parts (100 at 50,000 products), not the products.
 */
export async function exportParts(db: Database): Promise<{ total: number; partSize: number; parts: ExportPart[] }> {
  const [[counted], boundaries] = await db.batch([db.select({ n: count() }).from(products), partBoundariesQuery(db)]);
  const total = counted?.n ?? 0;
  const parts: ExportPart[] = [];
  for (let from = 1, part = 1; from <= total; from += EXPORT_PAGE_SIZE, part++) {
    const after = boundaries[part - 2];
    parts.push({ part, from, to: Math.min(from + EXPORT_PAGE_SIZE - 1, total), href: exportPartUrl(part, after ? listCursor(after) : null) });
  }
  return { total, partSize: EXPORT_PAGE_SIZE, parts };
}

/** The last product of every full part, in the export's order (products_seller_idx): where the next part starts. */
export function partBoundariesQuery(db: Database) {
  const numbered = db
    .select({ createdAt: products.createdAt, id: products.id, n: sql<number>`row_number() OVER (ORDER BY ${products.createdAt}, ${products.id})`.as("n") })
    .from(products)
    .as("numbered");
  return db
    .select({ createdAt: numbered.createdAt, id: numbered.id })
    .from(numbered)
    .where(sql`${numbered.n} % ${EXPORT_PAGE_SIZE} = 0`)
    .orderBy(sql`${numbered.n}`);
}

/** The download's file name: the store's products on that day in India (as the dashboard counts days), and which part when it is one. */
export function exportFileName(now = new Date(), part?: number): string {
  return `products-${istDate(istDay(now.getTime()))}${part ? `-part-${part}` : ""}.csv`;
}

/** Where a part downloads from: the export's page after its cursor, as a file of its own (`part`: the header, a numbered name). */
function exportPartUrl(part: number, cursor: string | null): string {
  return `/api/product/export?${new URLSearchParams({ part: String(part), ...(cursor && { cursor }) })}`;
}
