// Products from a CSV (ADR 038): `planImport` writes nothing, its `hash` naming the writes and versions read; `commitImport` writes it in one D1 batch.
import { sql } from "drizzle-orm";
import { formatRupees } from "@shared/money";
import { formatTaxRate } from "@shared/tax";
import { parseCsv, type CsvRecord } from "@worker/csv";
import type { Database } from "@worker/db/client";
import { products, type Product } from "@worker/db/schema";
import { badRequest, conflict, HttpError } from "@worker/errors";
import { imageKey } from "@worker/images";
import { CSV_COLUMNS, MAX_IMPORT_BYTES, REQUIRED_CSV_COLUMNS, type CsvColumn } from "@shared/product-csv";
import { productCsvRow } from "@worker/validation/product-csv";
import { csvCells } from "./catalogue-export";
import { productColumns } from "./product-admin";

export type ImportStore = { db: Database; env: Pick<Env, "IMAGES" | "SESSIONS" | "APP_URL"> };

type ProductValues = Pick<Product, "name" | "category" | "description" | "pricePaise" | "offerPricePaise" | "weight" | "stock" | "images"> &
  Partial<Pick<Product, "countryOfOrigin" | "manufacturer" | "shelfLife" | "gstRate" | "hsn" | "maxPerOrder">>;
const orNone = (text: string | null | undefined) => text ?? "none";

/** Each field's label, and how a change shows its values (descriptions and pictures are only named). */
const FIELDS: Record<keyof ProductValues, [label: string, shown?: (values: ProductValues) => string]> = {
  name: ["name", (values) => values.name],
  category: ["category", (values) => values.category],
  description: ["description"],
  pricePaise: ["price", (values) => formatRupees(values.pricePaise)],
  offerPricePaise: ["offer price", (values) => formatRupees(values.offerPricePaise)],
  weight: ["weight", (values) => orNone(values.weight)],
  countryOfOrigin: ["country of origin", (values) => orNone(values.countryOfOrigin)],
  manufacturer: ["manufacturer"],
  shelfLife: ["best before", (values) => orNone(values.shelfLife)],
  gstRate: ["GST rate", (values) => formatTaxRate(values.gstRate!)],
  hsn: ["HSN code", (values) => orNone(values.hsn)],
  stock: ["stock", (values) => (values.stock === null ? "not counted" : String(values.stock))],
  maxPerOrder: ["most per order", (values) => String(values.maxPerOrder ?? "no limit")],
  images: ["pictures"],
};

/** A changed field, with its values before and after ("₹120 → ₹99.50"), but for descriptions and pictures (too long). */
export type FieldChange = { field: string; from?: string; to?: string };

export type ImportRow =
  | { row: number; action: "create"; name: string; values: ProductValues }
  | { row: number; action: "update"; id: string; name: string; changed: FieldChange[]; values: ProductValues; updatedAt: number }
  | { row: number; action: "unchanged"; id: string; name: string }
  | { row: number; action: "refused"; id: string | null; name: string; reasons: string[] };

export type ImportPlan = { rows: ImportRow[]; summary: { create: number; update: number; unchanged: number; refused: number }; hash: string };

export async function planImport({ db, env }: ImportStore, text: string): Promise<ImportPlan> {
  const { columns, records } = readTable(text);
  const cellsOf = (record: CsvRecord) => Object.fromEntries(columns.map((column, i) => [column, record.cells[i] ?? ""])) as Partial<Record<CsvColumn, string>>;
  const raw = records.map((record) => ({ row: record.row, cells: cellsOf(record) }));

  const rowsOfId = Map.groupBy(raw, (r) => r.cells.id?.trim() ?? "");
  const existing = await productsById(db, [...rowsOfId.keys()].filter(Boolean));

  const rows: ImportRow[] = [];
  const pictureChecks: { index: number; keys: string[] }[] = [];
  for (const { row, cells } of raw) {
    const id = cells.id?.trim() || null;
    const current = id ? existing.get(id) : undefined;
    const values = rowValues(cells, id, current, rowsOfId.get(id ?? "")?.map((r) => r.row) ?? [], env.APP_URL);
    if ("reasons" in values) {
      rows.push({ row, action: "refused", id, name: (cells.name ?? "").trim(), reasons: values.reasons });
      continue;
    }
    const { images } = values;
    const unchecked = images.filter((key) => !current?.images.includes(key));
    if (unchecked.length > 0) pictureChecks.push({ index: rows.length, keys: unchecked });
    if (!current) {
      rows.push({ row, action: "create", name: values.name, values });
      continue;
    }
    const changed = (Object.keys(FIELDS) as (keyof ProductValues)[]).filter((field) => JSON.stringify(values[field]) !== JSON.stringify(current[field]));
    const named = { row, id: current.id, name: values.name };
    const changes = changed.map((field) => fieldChange(field, current, values));
    rows.push(
      changes.length === 0 ? { ...named, action: "unchanged" } : { ...named, action: "update", changed: changes, values, updatedAt: current.updatedAt },
    );
  }

  await refuseMissingPictures(env.IMAGES, rows, pictureChecks);
  const summary = { create: 0, update: 0, unchanged: 0, refused: 0 };
  for (const row of rows) summary[row.action]++;
  return { rows, summary, hash: await planHash(rows) };
}

/** A row's values, or why it is refused. */
function rowValues(cells: Partial<Record<CsvColumn, string>>, id: string | null, current: Product | undefined, rowsWithId: number[], storeOrigin: string) {
  const refuse = (...reasons: string[]) => ({ reasons });
  if (id && rowsWithId.length > 1) return refuse(`The id ${id} is on more than one row (rows ${rowsWithId.join(", ")}): keep one`);
  if (id && !current) return refuse(`No product has the id ${id}: leave the id empty to add a new product`);
  // Columns left out keep the product's values.
  const known = current ? csvCells(current, storeOrigin) : undefined;
  const parsed = productCsvRow.safeParse(Object.fromEntries(CSV_COLUMNS.map((column) => [column, cells[column] ?? known?.[column] ?? ""])));
  if (!parsed.success) return refuse(...new Set(parsed.error.issues.map((issue) => issue.message)));
  const pictures = pictureKeys(parsed.data.images, storeOrigin);
  if ("refused" in pictures) return refuse(pictures.refused);
  const images = pictures.keys.length > 0 ? pictures.keys : (current?.images ?? []);
  if (images.length === 0)
    return refuse("A new product needs a picture: give the address of one of this store's pictures (as the export writes them), or add it on Add Product");
  return { ...productColumns(parsed.data.fields), stock: parsed.data.fields.stock, images } satisfies ProductValues;
}

function fieldChange(field: keyof ProductValues, before: ProductValues, after: ProductValues): FieldChange {
  const [label, shown] = FIELDS[field];
  return shown ? { field: label, from: shown(before), to: shown(after) } : { field: label };
}

/** The products the file names, in one round trip (ids sliced under D1's 2 MB per bound value). */
async function productsById(db: Database, ids: string[]): Promise<Map<string, Product>> {
  const inSlice = (i: number) => sql`${products.id} IN (SELECT value FROM json_each(${JSON.stringify(ids.slice(i * 10_000, (i + 1) * 10_000))}))`;
  const [first, ...rest] = Array.from({ length: Math.ceil(ids.length / 10_000) }, (_, i) => db.select().from(products).where(inSlice(i)));
  if (!first) return new Map();
  return new Map((await db.batch([first, ...rest])).flat().map((p) => [p.id, p]));
}

function readTable(text: string): { columns: CsvColumn[]; records: CsvRecord[] } {
  const [header, ...records] = parseCsv(text);
  if (!header) throw badRequest("The file is empty: export the products to get a file to start from");
  const columns = header.cells.map((name) => name.trim().toLowerCase().replace(/\s+/g, "_"));
  const unknown = columns.filter((column) => !(CSV_COLUMNS as readonly string[]).includes(column));
  if (unknown.length > 0) throw badRequest(`Unknown column ${unknown.map((c) => `“${c}”`).join(", ")}: the columns are ${CSV_COLUMNS.join(", ")}`);
  const missing = REQUIRED_CSV_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0) throw badRequest(`The file has no ${missing.join(", ")} column: the first line must name the columns (${CSV_COLUMNS.join(", ")})`);
  const twice = columns.filter((column, i) => columns.indexOf(column) !== i);
  if (twice.length > 0) throw badRequest(`The column ${twice[0]} is there twice`);
  if (records.length === 0) throw badRequest("The file has no products under its header");
  // in_stock is accepted, as an export comes back with it, and ignored.
  return { columns: columns as CsvColumn[], records };
}

/** R2 keys from the store's own picture addresses; anything else is refused, never fetched. */
function pictureKeys(addresses: string[], storeOrigin: string): { keys: string[] } | { refused: string } {
  const keys: string[] = [];
  for (const address of addresses) {
    const notPicture = { refused: `“${address}” is not a picture address` };
    const url = URL.parse(address, storeOrigin);
    if (!url) return notPicture;
    if (url.origin !== new URL(storeOrigin).origin || !url.pathname.startsWith("/images/"))
      return { refused: `Pictures are not fetched from other addresses (${address}): upload them on the product's page` };
    // As the /images route reads it.
    const key = imageKey(url.pathname);
    if (!key) return notPicture;
    keys.push(key);
  }
  if (new Set(keys).size !== keys.length) return { refused: "The same picture is listed twice" };
  return { keys };
}

/** Refuse the rows naming pictures the bucket lacks (each key asked once, ten at a time). */
async function refuseMissingPictures(bucket: R2Bucket, rows: ImportRow[], checks: { index: number; keys: string[] }[]): Promise<void> {
  const keys = [...new Set(checks.flatMap((c) => c.keys))];
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += 10) {
    const heads = await Promise.all(keys.slice(i, i + 10).map((key) => bucket.head(key)));
    for (const head of heads) if (head) found.add(head.key);
  }
  for (const check of checks) {
    const missing = check.keys.filter((key) => !found.has(key));
    const planned = rows[check.index]!;
    if (missing.length === 0 || planned.action === "refused") continue;
    const reasons = [`This store has no picture ${missing.join(", ")}`];
    rows[check.index] = { row: planned.row, action: "refused", id: "id" in planned ? planned.id : null, name: planned.name, reasons };
  }
}

async function planHash(rows: ImportRow[]): Promise<string> {
  const writes = rows.flatMap((row) => {
    if (row.action === "create") return [["create", row.values]];
    if (row.action === "update") return [["update", row.id, row.updatedAt, row.values]];
    return row.action === "refused" ? [["refused", row.row]] : [];
  });
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(JSON.stringify(writes)));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** JSON per statement: D1 binds values up to 2 MB. */
export const IMPORT_SLICE_BYTES = 512 * 1024;

export type ImportResult = { created: number; updated: number };

export async function commitImport({ db }: Pick<ImportStore, "db">, plan: ImportPlan, sliceBytes = IMPORT_SLICE_BYTES): Promise<ImportResult> {
  if (plan.summary.refused > 0) throw badRequest(`${rowsWord(plan.summary.refused)} refused: fix them and import again; nothing was written`);
  const now = Date.now();
  const creates = plan.rows.flatMap((row, i) => (row.action === "create" ? [{ id: crypto.randomUUID(), createdAt: now + i, ...row.values }] : []));
  const updates = plan.rows.flatMap((row) => (row.action === "update" ? [{ id: row.id, updatedAt: row.updatedAt, ...row.values }] : []));
  // Raw statements: drizzle has no UPDATE … FROM json_each.
  const d1 = db.$client;
  const updateSlices = slices(updates, sliceBytes);
  const statements = [
    ...updateSlices.map((slice) => d1.prepare(UPDATE_SLICE).bind(now, slice)),
    ...slices(creates, sliceBytes).map((slice) => d1.prepare(INSERT_SLICE).bind(now, slice)),
  ];
  if (statements.length === 0) return { created: 0, updated: 0 };
  const results = await d1.batch(statements).catch((error: unknown) => {
    console.error("A catalogue import failed; D1 rolled the batch back", error);
    throw new HttpError(503, "Nothing was imported: the database refused the write. Please try again.");
  });
  // A product edited since the plan keeps that edit; counted from RETURNING, as `changes` counts the triggers' writes too.
  const updated = results.slice(0, updateSlices.length).reduce((sum, r) => sum + (r.results?.length ?? 0), 0);
  return { created: creates.length, updated };
}

/** Slices of whole rows' JSON of at most `maxBytes` (a bigger row gets one of its own). */
function slices<T>(rows: T[], maxBytes: number): string[] {
  const out: string[][] = [];
  let size = 0;
  for (const json of rows.map((row) => JSON.stringify(row))) {
    if (out.length === 0 || size + json.length > maxBytes) {
      out.push([]);
      size = 0;
    }
    out.at(-1)!.push(json);
    size += json.length + 1;
  }
  return out.map((slice) => `[${slice.join(",")}]`);
}

const field = (name: string) => `json_extract(item.value, '$.${name}')`;
/** Every column a plan compares, each from its row's JSON. */
const WRITTEN = (Object.keys(FIELDS) as (keyof ProductValues)[]).map((key) => ({ column: products[key].name, value: field(key) }));

/** Each product only if it is still the version planned against. */
const UPDATE_SLICE = `
  UPDATE products SET ${WRITTEN.map(({ column, value }) => `${column} = ${value}`).join(", ")}, updated_at = ?1
  FROM json_each(?2) AS item
  WHERE products.id = ${field("id")} AND products.updated_at = ${field("updatedAt")}
  RETURNING products.id`;

const INSERT_SLICE = `
  INSERT INTO products (id, ${WRITTEN.map(({ column }) => column).join(", ")}, created_at, updated_at)
  SELECT ${field("id")}, ${WRITTEN.map(({ value }) => value).join(", ")}, ${field("createdAt")}, ?1
  FROM json_each(?2) AS item`;

const rowsWord = (n: number) => `${n} row${n === 1 ? "" : "s"}`;

/** A row as the API shows it, without the stored values; `changed` (the API's first answer) names the fields, `changes` adds their values. */
export const publicRow = (row: ImportRow) => ({
  row: row.row,
  action: row.action,
  name: row.name,
  id: "id" in row ? row.id : null,
  ...(row.action === "update" && { changed: row.changed.map((change) => change.field), changes: row.changed }),
  ...(row.action === "refused" && { reasons: row.reasons }),
});

export const IMPORT_TOO_LARGE = `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB: split it in two`;

export const importResultMessage = ({ created, updated }: ImportResult): string => `Imported: ${created} created, ${updated} updated`;

export const planSummaryMessage = ({ summary }: ImportPlan): string =>
  `${summary.create} to create, ${summary.update} to change, ${summary.unchanged} unchanged, ${summary.refused} refused`;

// The page's file waits in KV, for an hour, between the preview and the confirmation.
const STAGED_PREFIX = "catalogue-import:";
const STAGED_SECONDS = 60 * 60;

/** Keep a file that can be planned; returns its id. */
export async function stageImport(store: ImportStore, text: string): Promise<string> {
  readTable(text);
  const id = crypto.randomUUID();
  await store.env.SESSIONS.put(`${STAGED_PREFIX}${id}`, text, { expirationTtl: STAGED_SECONDS });
  return id;
}

export async function stagedImport(store: ImportStore, id: string): Promise<string | null> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  return store.env.SESSIONS.get(`${STAGED_PREFIX}${id}`);
}

/** Planned again, written only if the plan is still the one previewed (`hash`). */
export async function confirmStagedImport(store: ImportStore, id: string, hash: string): Promise<ImportResult> {
  const text = await stagedImport(store, id);
  if (text === null) throw new HttpError(404, "This preview has expired: upload the file again");
  const plan = await planImport(store, text);
  if (plan.hash !== hash) throw conflict("The catalogue changed since this preview: check the new preview, then confirm again");
  const result = await commitImport(store, plan);
  await store.env.SESSIONS.delete(`${STAGED_PREFIX}${id}`);
  return result;
}
