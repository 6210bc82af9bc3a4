// The catalogue as CSV, a page per request along products_seller_idx (ADR 023, 038); numbered parts without JavaScript (ADR 045).
import { absoluteImageUrl } from "@shared/images";
import { paiseToRupees } from "@shared/money";
import { count, sql } from "drizzle-orm";
import { csvLine } from "@worker/csv";
import type { Database } from "@worker/db/client";
import { products, type Product } from "@worker/db/schema";
import { CSV_COLUMNS, type CsvColumn } from "@shared/product-csv";
import { listCursor, listProducts } from "./catalog";
import { istDate, istDay } from "@shared/ist";

export const EXPORT_PAGE_SIZE = 500;

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
    country_of_origin: product.countryOfOrigin ?? "",
    manufacturer: product.manufacturer ?? "",
    best_before: product.shelfLife ?? "",
    gst_rate: String(product.gstRate / 100),
    hsn: product.hsn ?? "",
    max_per_order: product.maxPerOrder === null ? "" : String(product.maxPerOrder),
    in_stock: product.inStock ? "yes" : "no",
  };
}

/** One page, oldest first; the first starts with a byte order mark (so Excel reads ₹ as UTF-8) and the header. */
export async function exportCataloguePage(db: Database, storeOrigin: string, cursor?: string, { header = !cursor } = {}) {
  const page = await listProducts(db, { stock: "any", limit: EXPORT_PAGE_SIZE, cursor });
  const lines = page.products.map((product) => {
    const cells = csvCells(product, storeOrigin);
    return csvLine(CSV_COLUMNS.map((column) => cells[column]));
  });
  return { csv: `${header ? `\uFEFF${csvLine(CSV_COLUMNS)}` : ""}${lines.join("")}`, nextCursor: page.nextCursor };
}

export type ExportPart = { part: number; from: number; to: number; href: string };

/** The export's parts and where each starts, in one round trip: D1 returns a row per part, not per product. */
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

export const exportFileName = (now = new Date(), part?: number): string => `products-${istDate(istDay(now.getTime()))}${part ? `-part-${part}` : ""}.csv`;

const exportPartUrl = (part: number, cursor: string | null): string =>
  `/api/product/export?${new URLSearchParams({ part: String(part), ...(cursor && { cursor }) })}`;
