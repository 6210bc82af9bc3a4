// The catalogue as CSV: GET /api/product/export (streamed, formula cells neutralised) and the
// import (POST /api/product/import/preview, POST /api/product/import, and the page's staged
// preview): row-by-row preview, all or nothing, one refresh of the cached catalogue. Real local
// D1, R2, KV and the purge Durable Object.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { parseCsv } from "@worker/csv";
import { readCsvFile } from "@worker/request-body";
import { getDb } from "@worker/db/client";
import { products, type Product } from "@worker/db/schema";
import { EXPORT_PAGE_SIZE, exportFileName, partBoundariesQuery, type ExportPart } from "@worker/services/catalogue-export";
import * as importPage from "~/routes/seller/import-products";
import { commitImport, confirmStagedImport, planImport, stageImport, stagedImport } from "@worker/services/catalogue-import";
import { MAX_IMPORT_BYTES } from "@shared/product-csv";
import { db, insertProduct } from "../support/builders";
import { catalogVersion } from "../support/catalog-version";
import { call, json, ORIGIN } from "../support/http";
import { dataOf, runRoute, statusOf } from "../support/routes";
import { sellerLogin } from "../support/seller";
import { signUp } from "../support/shoppers";
import { expectErrorsLogged } from "../support/console";

/** The columns most rows here are written with; a file may leave out the declarations (and any but the required). */
const HEADER = "id,name,category,price,offer_price,stock,weight,description,images,in_stock";
const EXPORT_HEADER =
  "id,name,category,price,offer_price,stock,weight,description,images,country_of_origin,manufacturer,best_before,gst_rate,hsn,max_per_order,in_stock";
const PICTURE = "products/import-test-picture.webp";
const PICTURE_URL = `${ORIGIN}/images/${PICTURE}`;

const store = () => ({ db: getDb(env), env });

afterEach(() => {
  vi.restoreAllMocks();
});

async function storePicture(key = PICTURE) {
  await env.IMAGES.put(key, new TextEncoder().encode("RIFF\u0024\u0000\u0000\u0000WEBPVP8 "), { httpMetadata: { contentType: "image/webp" } });
}

function csvRequest(path: string, body: BodyInit, cookie: string | undefined, headers: Record<string, string> = {}) {
  return call(path, {
    method: "POST",
    body,
    headers: { "Content-Type": "text/csv", Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}), ...headers },
  });
}

type Row = {
  row: number;
  action: string;
  id: string | null;
  name: string;
  changed?: string[];
  changes?: { field: string; from?: string; to?: string }[];
  reasons?: string[];
};
type Preview = { success: boolean; msg: string; summary: Record<string, number>; rows: Row[]; plan: string };

async function preview(csv: string, cookie: string): Promise<Preview> {
  const response = await csvRequest("/api/product/import/preview", csv, cookie);
  expect(response.status, await response.clone().text()).toBe(200);
  return json<Preview>(response);
}

async function product(id: string): Promise<Product | undefined> {
  return db().query.products.findFirst({ where: eq(products.id, id) });
}

/** `n` products named bulk-0000…, created a millisecond apart (in one statement). */
async function insertBulk(n: number) {
  await env.DB.prepare(
    `INSERT INTO products (id, name, category, description, price_paise, offer_price_paise, images, created_at, updated_at)
     SELECT 'bulk-' || printf('%04d', value), 'Bulk product ' || value, 'Grains', '[]', 1000, 900, '["seed/x.webp"]', 1800000000000 + value, 1800000000000
     FROM json_each(?)`,
  )
    .bind(JSON.stringify(Array.from({ length: n }, (_, i) => i)))
    .run();
}

/** The whole export: its pages one after the other, following each page's `Link: …; rel="next"`. */
async function exportAll(cookie: string): Promise<{ text: string; pages: Response[] }> {
  const pages: Response[] = [];
  let text = "";
  let next: string | null = "/api/product/export";
  while (next) {
    const response = await call(next, { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    pages.push(response);
    // Decoded keeping the byte order mark (Response.text() drops it).
    text += new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    next = response.headers.get("link")?.match(/^<([^>]+)>; rel="next"$/)?.[1] ?? null;
  }
  return { text, pages };
}

describe("the export's file name", () => {
  it("is dated in India, as the dashboard counts days: 00:30 IST on the 25th is the 25th, though it is still the 24th in UTC", () => {
    expect(exportFileName(new Date("2026-11-24T19:00:00Z"))).toBe("products-2026-11-25.csv");
    expect(exportFileName(new Date("2026-11-24T18:29:00Z"), 2)).toBe("products-2026-11-24-part-2.csv");
  });
});

describe("GET /api/product/export", () => {
  it("gives every product as CSV, a page per request, with formula cells neutralised", async () => {
    const cookie = await sellerLogin();
    const evil = await insertProduct({
      name: '=HYPERLINK("https://evil.example","Click me")',
      description: ["+1 free", "-5% off", "@SUM(A1)", "\tTabbed", "\rReturn"],
      weight: "=1+1",
    });
    // Enough products for three of the export's pages (inserted in one statement).
    const many = 2 * EXPORT_PAGE_SIZE + 7;
    await env.DB.prepare(
      `INSERT INTO products (id, name, category, description, price_paise, offer_price_paise, images, created_at, updated_at)
       SELECT 'bulk-' || value, 'Bulk product ' || value, 'Grains', '[]', 1000, 900, '["seed/x.webp"]', 1800000000000 + value, 1800000000000
       FROM json_each(?)`,
    )
      .bind(JSON.stringify(Array.from({ length: many }, (_, i) => i)))
      .run();

    const { text, pages } = await exportAll(cookie);
    expect(pages).toHaveLength(3); // 1,008 products, 500 a page
    for (const page of pages) {
      expect(page.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(page.headers.get("content-disposition")).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
      // The seller's own: stored by no cache (ADR 067).
      expect(page.headers.get("cache-control")).toBe("private, no-store");
    }
    expect(pages[2]!.headers.get("link")).toBeNull();
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.indexOf("id,name,category")).toBe(text.lastIndexOf("id,name,category")); // one header, on the first page

    const records = parseCsv(text);
    expect(records[0]!.cells.join(",")).toBe(EXPORT_HEADER);
    const body = records.slice(1);
    expect(body).toHaveLength(many + 1);
    expect(new Set(body.map((r) => r.cells[0])).size).toBe(many + 1); // each product once
    // No cell a spreadsheet would run: each formula-like cell starts with the neutralising quote.
    for (const record of body) for (const cell of record.cells) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/);
    const row = body.find((r) => r.cells[0] === evil.id)!;
    expect(row.cells[1]).toBe(`'=HYPERLINK("https://evil.example","Click me")`);
    expect(row.cells[6]).toBe("'=1+1");
    expect(row.cells[7]).toBe(`'+1 free\n-5% off\n@SUM(A1)\n\tTabbed\n\rReturn`);
    // The raw line holds the quoted, doubled form.
    expect(text).toContain(`"'=HYPERLINK(""https://evil.example"",""Click me"")"`);
    expect(row.cells[3]).toBe("50");
    expect(row.cells[4]).toBe("45");
    expect(row.cells[8]).toBe(`${ORIGIN}/images/${evil.images[0]}`);
    expect(row.cells.at(-1)).toBe("yes");
  });

  it("an export imported again changes nothing, its neutralised cells included", async () => {
    const cookie = await sellerLogin();
    await insertProduct({ name: "=cmd|' /C calc'!A0", description: ["-20% today"], stock: 4 });
    await insertProduct({ name: "Plain Rice", weight: null, stock: null });
    const result = await preview((await exportAll(cookie)).text, cookie);
    expect(result.summary).toEqual({ create: 0, update: 0, unchanged: 2, refused: 0 });
  });

  it("without JavaScript: the import page lists the export's numbered parts, each a file of its own with the header; together every product once", async () => {
    const cookie = await sellerLogin();
    const many = 2 * EXPORT_PAGE_SIZE + 1; // three parts, the last of one product
    await insertBulk(many);

    const listed = await runRoute(importPage.loader, { path: "/seller/products/import?export=files", cookie, seller: true });
    const { total, parts } = dataOf<{ exportFiles: { total: number; parts: ExportPart[] } }>(listed).exportFiles;
    expect(total).toBe(many);
    expect(parts.map(({ part, from, to }) => [part, from, to])).toEqual([
      [1, 1, 500],
      [2, 501, 1000],
      [3, 1001, 1001],
    ]);
    expect(parts.map((part) => part.href)).toEqual([
      "/api/product/export?part=1",
      "/api/product/export?part=2&cursor=1800000000499.bulk-0499",
      "/api/product/export?part=3&cursor=1800000000999.bulk-0999",
    ]);

    const ids: string[] = [];
    for (const part of parts) {
      const response = await call(part.href, { headers: { Cookie: cookie } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-disposition")).toMatch(new RegExp(`^attachment; filename="products-\\d{4}-\\d{2}-\\d{2}-part-${part.part}\\.csv"$`));
      const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
      expect(text.charCodeAt(0)).toBe(0xfeff);
      const [header, ...rows] = parseCsv(text);
      expect(header!.cells.join(",")).toBe(EXPORT_HEADER);
      expect(rows).toHaveLength(part.to - part.from + 1);
      ids.push(...rows.map((r) => r.cells[0]!));
    }
    expect(ids).toEqual(Array.from({ length: many }, (_, i) => `bulk-${String(i).padStart(4, "0")}`));
    // A part alone is a products CSV the import reads (its header names the columns): 500 rows, none new.
    const second = await call(parts[1]!.href, { headers: { Cookie: cookie } });
    const { summary } = await preview(await second.text(), cookie);
    expect(summary.create).toBe(0);
    expect((summary.update ?? 0) + (summary.unchanged ?? 0) + (summary.refused ?? 0)).toBe(500);
  });

  it("finds where the parts start along products_seller_idx (no scan of the table); only the boundaries, one a part, are sorted", async () => {
    const { sql, params } = partBoundariesQuery(db()).toSQL();
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>();
    const details = results.map((r) => r.detail).join(" | ");
    expect(details).toMatch(/SCAN products USING COVERING INDEX products_seller_idx/);
    // Numbering needs no sort of the products (the index is in order); the outer ORDER BY sorts what the filter keeps.
    expect(details.match(/TEMP B-TREE/g) ?? []).toHaveLength(1);
    expect(details).toMatch(/SCAN numbered \| USE TEMP B-TREE FOR ORDER BY$/);
  });

  it("the import page's export of an empty store has no parts; a part that is no number is a 400", async () => {
    const cookie = await sellerLogin();
    const listed = await runRoute(importPage.loader, { path: "/seller/products/import?export=files", cookie, seller: true });
    expect(dataOf<{ exportFiles: unknown }>(listed).exportFiles).toEqual({ total: 0, partSize: EXPORT_PAGE_SIZE, parts: [] });
    // Without ?export the import page reads nothing for it.
    expect(
      dataOf<{ exportFiles: unknown }>(await runRoute(importPage.loader, { path: "/seller/products/import", cookie, seller: true })).exportFiles,
    ).toBeNull();
    for (const part of ["0", "two", "1.5", "10001"]) {
      const response = await call(`/api/product/export?part=${part}`, { headers: { Cookie: cookie } });
      expect(response.status, part).toBe(400);
      expect((await json<{ msg: string }>(response)).msg).toBe("The part must be a whole number from 1");
    }
  });

  it("is the seller's only", async () => {
    const shopper = await signUp();
    expect(statusOf(await runRoute(importPage.loader, { path: "/seller/products/import?export=files", cookie: shopper.cookie, seller: true }))).toBe(401);
    expect((await call("/api/product/export?part=2")).status).toBe(401);
    expect((await call("/api/product/export")).status).toBe(401);
    expect((await call("/api/product/export", { headers: { Cookie: shopper.cookie } })).status).toBe(401);
  });
});

describe("POST /api/product/import/preview and /api/product/import", () => {
  it("previews creations and changes row by row, writes nothing until imported, then writes them and refreshes the catalogue once", async () => {
    const cookie = await sellerLogin();
    await storePicture();
    const apple = await insertProduct({
      name: "Apple 1 kg",
      category: "Fruits",
      pricePaise: 12000,
      offerPricePaise: 11000,
      images: [PICTURE],
      stock: 10,
      weight: null,
    });
    const rice = await insertProduct({ name: "Rice 5 kg", category: "Grains", pricePaise: 60000, offerPricePaise: 52000, weight: "5 kg" });
    const csv = [
      HEADER,
      `${apple.id},Apple 1 kg,Fruits,120,99.50,10,,"Crisp\nJuicy",${PICTURE_URL},yes`,
      `${rice.id},Rice 5 kg,grains,600,520,,5 kg,"Fresh\nTasty",,no`,
      `,Green Apple 1 kg,Fruits,140,130,25,1 kg,Sour,${PICTURE_URL},`,
    ].join("\r\n");

    const result = await preview(csv, cookie);
    expect(result.msg).toBe("1 to create, 1 to change, 1 unchanged, 0 refused");
    expect(result.rows).toEqual([
      {
        row: 2,
        action: "update",
        id: apple.id,
        name: "Apple 1 kg",
        changed: ["description", "offer price"],
        // Before and after, where a cell can show them; a description is named alone.
        changes: [{ field: "description" }, { field: "offer price", from: "₹110", to: "₹99.50" }],
      },
      { row: 3, action: "unchanged", id: rice.id, name: "Rice 5 kg" },
      { row: 4, action: "create", id: null, name: "Green Apple 1 kg" },
    ]);
    expect(result.plan).toMatch(/^[0-9a-f]{64}$/);
    expect((await product(apple.id))!.offerPricePaise).toBe(11000); // nothing written yet

    const before = await catalogVersion();
    const imported = await csvRequest(`/api/product/import?plan=${result.plan}`, csv, cookie);
    expect(imported.status).toBe(200);
    expect(await json(imported)).toMatchObject({ success: true, msg: "Imported: 1 created, 1 updated", created: 1, updated: 1 });
    expect(await catalogVersion()).toBeGreaterThan(before);

    expect(await product(apple.id)).toMatchObject({ offerPricePaise: 9950, description: ["Crisp", "Juicy"], images: [PICTURE], stock: 10 });
    const list = await json<{ products: { name: string; offerPrice: number; image: string[]; stock: number | null; inStock: boolean }[] }>(
      await call("/api/product/list?search=Green%20Apple"),
    );
    expect(list.products).toEqual([expect.objectContaining({ name: "Green Apple 1 kg", offerPrice: 130, image: [PICTURE_URL], stock: 25, inStock: true })]);
  });

  it("a file that leaves columns out keeps the products' values in them", async () => {
    const cookie = await sellerLogin();
    const milk = await insertProduct({ name: "Milk 1 L", category: "Dairy", stock: 8, weight: "1 L", description: ["Fresh"] });
    const csv = `id,name,category,price,offer_price\n${milk.id},Milk 1 L,Dairy,60,55\n`;
    expect((await preview(csv, cookie)).rows).toEqual([
      {
        row: 2,
        action: "update",
        id: milk.id,
        name: "Milk 1 L",
        changed: ["price", "offer price"],
        changes: [
          { field: "price", from: "₹50", to: "₹60" },
          { field: "offer price", from: "₹45", to: "₹55" },
        ],
      },
    ]);
    expect((await csvRequest("/api/product/import", csv, cookie)).status).toBe(200);
    expect(await product(milk.id)).toMatchObject({ pricePaise: 6000, offerPricePaise: 5500, stock: 8, weight: "1 L", description: ["Fresh"] });
  });

  it("carries the declarations (ADR 071): a change previewed with its values, an empty cell clearing one, a left-out column keeping it", async () => {
    const cookie = await sellerLogin();
    const made = { countryOfOrigin: "India", manufacturer: "Anand Dairy\nAnand, Gujarat", shelfLife: "2 days" };
    const milk = await insertProduct({ name: "Milk 1 L", category: "Dairy", ...made });
    const csv = `id,name,category,price,offer_price,country_of_origin,best_before\n${milk.id},Milk 1 L,Dairy,50,45,Nepal,\n`;
    expect((await preview(csv, cookie)).rows[0]!.changes).toEqual([
      { field: "country of origin", from: "India", to: "Nepal" },
      { field: "best before", from: "2 days", to: "none" },
    ]);
    expect((await csvRequest("/api/product/import", csv, cookie)).status).toBe(200);
    expect(await product(milk.id)).toMatchObject({ countryOfOrigin: "Nepal", manufacturer: made.manufacturer, shelfLife: null });

    const exported = await (await call("/api/product/export", { headers: { Cookie: cookie } })).text();
    expect(exported).toContain(`Nepal,"Anand Dairy\nAnand, Gujarat",,5,,,yes`);
  });

  it("carries the most per order: set, previewed with its values, cleared by an empty cell, exported", async () => {
    const cookie = await sellerLogin();
    const butter = await insertProduct({ name: "Butter 100 g", category: "Dairy" });
    const row = (most: string) => `id,name,category,price,offer_price,max_per_order\n${butter.id},Butter 100 g,Dairy,50,45,${most}\n`;
    expect((await preview(row("2"), cookie)).rows[0]!.changes).toContainEqual({ field: "most per order", from: "no limit", to: "2" });
    expect((await csvRequest("/api/product/import", row("2"), cookie)).status).toBe(200);
    expect(await product(butter.id)).toMatchObject({ maxPerOrder: 2 });
    expect(await (await call("/api/product/export", { headers: { Cookie: cookie } })).text()).toContain(",2,yes");
    expect((await preview(row("0"), cookie)).rows[0]!.reasons).toEqual(["The most per order is a whole number from 1 to 99, or empty for no limit"]);
    expect((await csvRequest("/api/product/import", row(""), cookie)).status).toBe(200);
    expect(await product(butter.id)).toMatchObject({ maxPerOrder: null });
  });

  it("reads prices as a spreadsheet writes rupees (₹, Rs., Indian and international grouping); a comma that groups nothing is refused", async () => {
    const cookie = await sellerLogin();
    const milk = await insertProduct({ name: "Ghee 1 L", category: "Dairy" });
    const csv = [
      "id,name,category,price,offer_price",
      `${milk.id},Ghee 1 L,Dairy,"₹1,200","Rs. 1,100.50"`,
      `,Ghee Tin 15 L,Dairy,"1,00,000","99,999"`,
      `,Ghee Jar,Dairy,"1,5",1`,
    ].join("\n");
    const result = await preview(csv, cookie);
    expect(result.rows.map((row) => [row.action, row.reasons])).toEqual([
      ["update", undefined],
      ["refused", ["A new product needs a picture: give the address of one of this store's pictures (as the export writes them), or add it on Add Product"]],
      ["refused", ["Price must be a number"]],
    ]);
    expect((await csvRequest("/api/product/import", csv.split("\n").slice(0, 2).join("\n"), cookie)).status).toBe(200);
    expect(await product(milk.id)).toMatchObject({ pricePaise: 120000, offerPricePaise: 110050 });
  });

  it("refuses invalid rows, duplicate ids, unknown categories and ids, and pictures that are not the store's, saying why; then imports nothing", async () => {
    const cookie = await sellerLogin();
    await storePicture();
    const kept = await insertProduct({ name: "Kept", pricePaise: 5000, offerPricePaise: 4500 });
    const twice = await insertProduct({ name: "Twice" });
    const csv = [
      HEADER,
      `${kept.id},Kept,Vegetables,55,45,,,,,`, // valid on its own
      `,Free Lunch,Vegetables,0,0,,,,${PICTURE_URL},`,
      `,Pricey Offer,Vegetables,50,60,,,,${PICTURE_URL},`,
      `,,Vegetables,50,40,,,,${PICTURE_URL},`,
      `,Bad Stock,Vegetables,50,40,-3,,,${PICTURE_URL},`,
      `,Fruitz Basket,Fruitz,50,40,,,,${PICTURE_URL},`,
      `${twice.id},Twice A,Vegetables,50,40,,,,,`,
      `${twice.id},Twice B,Vegetables,50,40,,,,,`,
      `no-such-id,Ghost,Vegetables,50,40,,,,,`,
      `,No Picture,Vegetables,50,40,,,,,`,
      `,Fetched Picture,Vegetables,50,40,,,,https://cdn.example/tomato.jpg,`,
      `,Missing Picture,Vegetables,50,40,,,,${ORIGIN}/images/products/nope.webp,`,
      `,=HYPERLINK("x"),Vegetables,abc,40,,,,${PICTURE_URL},`,
    ].join("\n");

    const result = await preview(csv, cookie);
    expect(result.summary).toEqual({ create: 0, update: 1, unchanged: 0, refused: 12 });
    const reasons = Object.fromEntries(result.rows.map((row) => [row.row, (row.reasons ?? []).join(" | ")]));
    expect(reasons[3]).toMatch(/Price must be more than ₹0/);
    expect(reasons[4]).toMatch(/Offer price cannot be above the price/);
    expect(reasons[5]).toMatch(/Enter the product name/);
    expect(reasons[6]).toMatch(/Stock cannot be negative/);
    expect(reasons[7]).toMatch(/Unknown category “Fruitz”/);
    expect(reasons[8]).toMatch(new RegExp(`The id ${twice.id} is on more than one row \\(rows 8, 9\\)`));
    expect(reasons[9]).toBe(reasons[8]);
    expect(reasons[10]).toMatch(/No product has the id no-such-id/);
    expect(reasons[11]).toMatch(/A new product needs a picture/);
    expect(reasons[12]).toMatch(/Pictures are not fetched from other addresses \(https:\/\/cdn\.example\/tomato\.jpg\)/);
    expect(reasons[13]).toMatch(/This store has no picture products\/nope\.webp/);
    expect(reasons[14]).toMatch(/Price must be a number/);

    const imported = await csvRequest("/api/product/import", csv, cookie);
    expect(imported.status).toBe(400);
    const body = await json<{ success: boolean; msg: string; rows: Row[] }>(imported);
    expect(body.msg).toBe("Nothing was imported: 0 to create, 1 to change, 0 unchanged, 12 refused");
    expect(body.rows.filter((r) => r.action === "refused")).toHaveLength(12);
    expect((await product(kept.id))!.pricePaise).toBe(5000);
    expect(await db().$count(products)).toBe(2);
  });

  it("a form's file field: none chosen asks for one; a chosen empty file is read as empty, which the importer names", async () => {
    const limit = [1024, "too large"] as const;
    await expect(readCsvFile(new File([], "", { type: "application/octet-stream" }), ...limit)).rejects.toMatchObject({
      status: 400,
      message: "Choose a CSV file to import",
    });
    await expect(readCsvFile(null, ...limit)).rejects.toMatchObject({ status: 400, message: "Choose a CSV file to import" });
    expect(await readCsvFile(new File([], "products.csv", { type: "text/csv" }), ...limit)).toBe("");
    await expect(readCsvFile(new File(["x"], "photo.png", { type: "image/png" }), ...limit)).rejects.toMatchObject({
      status: 415,
      message: "photo.png is not a CSV file: choose a .csv file",
    });
    const cookie = await sellerLogin();
    const empty = await csvRequest("/api/product/import/preview", "", cookie);
    expect((await json<{ msg: string }>(empty)).msg).toBe("The file is empty: export the products to get a file to start from");
  });

  it("refuses files that are not a products CSV with a clear 400", async () => {
    const cookie = await sellerLogin();
    const cases: [string, RegExp][] = [
      ["", /The file is empty/],
      ["\n\n", /The file is empty/],
      [`${HEADER}\n`, /no products under its header/],
      [`name,colour\nApple,red`, /Unknown column “colour”/],
      [`name,category,price\nApple,Fruits,10`, /no offer_price column/],
      [`name,name,category,price,offer_price\nA,B,Fruits,1,1`, /The column name is there twice/],
      [`${HEADER}\n,"Never closed,Fruits,1,1,,,,,`, /the quote opened on line 2 is never closed/],
      [`${HEADER}\n,"Apple"x,Fruits,1,1,,,,,`, /line 2 has text after a closing quote/],
    ];
    for (const [csv, message] of cases) {
      const response = await csvRequest("/api/product/import/preview", csv, cookie);
      expect(response.status, csv).toBe(400);
      expect((await json<{ msg: string }>(response)).msg, csv).toMatch(message);
    }
    const latin1 = await csvRequest("/api/product/import/preview", new Uint8Array([...new TextEncoder().encode(`${HEADER}\n,Caf`), 0xe9, 0x0a]), cookie);
    expect(latin1.status).toBe(400);
    expect((await json<{ msg: string }>(latin1)).msg).toMatch(/UTF-8/);
  });

  it("refuses a file over 5 MB with 413, from its declared length and while streaming, before reading it all", async () => {
    const cookie = await sellerLogin();
    const tooBig = new Uint8Array(MAX_IMPORT_BYTES + 1).fill(0x41);
    for (const path of ["/api/product/import/preview", "/api/product/import"]) {
      const response = await csvRequest(path, tooBig, cookie);
      expect(response.status, path).toBe(413);
      expect((await json<{ msg: string }>(response)).msg).toBe("The file is larger than 5 MB: split it in two");
    }
    // Without a declared length: the reading stops at the limit, long before the 20 MB offered.
    let pulled = 0;
    const chunk = new Uint8Array(1024 * 1024).fill(0x41);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        if (pulled > 20) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const streamed = await csvRequest("/api/product/import/preview", stream, cookie, {});
    expect(streamed.status).toBe(413);
    expect(pulled).toBeLessThan(15);
  });

  it("refuses a body that is not text/csv with 415", async () => {
    const cookie = await sellerLogin();
    for (const type of ["application/json", "multipart/form-data; boundary=x", "text/plain", ""]) {
      const response = await csvRequest("/api/product/import/preview", `${HEADER}\n`, cookie, { "Content-Type": type });
      expect(response.status, type).toBe(415);
      expect((await json<{ msg: string }>(response)).msg).toBe("Send the file as text/csv");
    }
  });

  it("refuses anyone but the seller (401) and a cross-site post (403); nothing is written", async () => {
    const apple = await insertProduct({ name: "Apple", pricePaise: 5000, offerPricePaise: 4500 });
    const csv = `${HEADER}\n${apple.id},Apple,Vegetables,10,9,,,,,`;
    const shopper = await signUp();
    const seller = await sellerLogin();
    for (const path of ["/api/product/import/preview", "/api/product/import"]) {
      expect((await csvRequest(path, csv, undefined)).status, path).toBe(401);
      expect((await csvRequest(path, csv, shopper.cookie)).status, path).toBe(401);
      expect((await csvRequest(path, csv, seller, { Origin: "https://evil.example" })).status, path).toBe(403);
    }
    expect((await product(apple.id))!.pricePaise).toBe(5000);
  });

  it("refuses with 409 when the products changed since the preview it names", async () => {
    const cookie = await sellerLogin();
    const tea = await insertProduct({ name: "Tea", pricePaise: 30000, offerPricePaise: 25000 });
    const csv = `${HEADER}\n${tea.id},Tea,Vegetables,300,240,,,,,`;
    const { plan } = await preview(csv, cookie);
    await db()
      .update(products)
      .set({ name: "Tea (edited)", updatedAt: Date.now() + 1 })
      .where(eq(products.id, tea.id));
    const response = await csvRequest(`/api/product/import?plan=${plan}`, csv, cookie);
    expect(response.status).toBe(409);
    expect(await product(tea.id)).toMatchObject({ name: "Tea (edited)", offerPricePaise: 25000 });
  });
});

describe("an import is all or nothing", () => {
  it("when the batch fails part-way (here a trigger refuses the last new product), no row of it is written", async () => {
    expectErrorsLogged("A catalogue import failed; D1 rolled the batch back");
    await storePicture();
    const updates = await Promise.all([1, 2, 3].map((n) => insertProduct({ name: `Old ${n}`, pricePaise: 1000, offerPricePaise: 900 })));
    const csv = [
      HEADER,
      ...updates.map((p, i) => `${p.id},New ${i + 1},Vegetables,20,15,,,,,`),
      `,Brand New,Vegetables,20,15,,,,${PICTURE_URL},`,
      `,Boom,Vegetables,20,15,,,,${PICTURE_URL},`,
    ].join("\n");
    const plan = await planImport(store(), csv);
    expect(plan.summary).toMatchObject({ update: 3, create: 2, refused: 0 });

    // A real database failure in the middle of the batch: the last statement is refused.
    await env.DB.prepare(`CREATE TRIGGER refuse_boom BEFORE INSERT ON products WHEN NEW.name = 'Boom' BEGIN SELECT RAISE(ABORT, 'boom refused'); END`).run();
    try {
      // One row per statement (a tiny slice), so the updates are separate statements before the failing insert.
      await expect(commitImport(store(), plan, 1)).rejects.toMatchObject({
        status: 503,
        message: "Nothing was imported: the database refused the write. Please try again.",
      });
    } finally {
      await env.DB.prepare("DROP TRIGGER refuse_boom").run();
    }
    for (const p of updates) expect((await product(p.id))!.name).toBe(p.name);
    expect(await db().$count(products)).toBe(3);
  });
});

describe("the import page's staged file", () => {
  it("is kept for the preview, confirmed only against the same plan, and gone once imported", async () => {
    const oats = await insertProduct({ name: "Oats", pricePaise: 20000, offerPricePaise: 18000 });
    const csv = `${HEADER}\n${oats.id},Oats,Vegetables,200,170,,,,,`;
    const id = await stageImport(store(), csv);
    expect(await stagedImport(store(), id)).toBe(csv);
    const plan = await planImport(store(), csv);

    await expect(confirmStagedImport(store(), id, "0".repeat(64))).rejects.toMatchObject({ status: 409 });
    expect((await product(oats.id))!.offerPricePaise).toBe(18000);

    expect(await confirmStagedImport(store(), id, plan.hash)).toEqual({ created: 0, updated: 1 });
    expect((await product(oats.id))!.offerPricePaise).toBe(17000);
    expect(await stagedImport(store(), id)).toBeNull();
    await expect(confirmStagedImport(store(), id, plan.hash)).rejects.toMatchObject({ status: 404 });
    await expect(confirmStagedImport(store(), "../../sessions", plan.hash)).rejects.toMatchObject({ status: 404 });
  });

  it("previews what needs the seller first: refused rows, then what changes, the unchanged only counted", async () => {
    const cookie = await sellerLogin();
    await insertBulk(35);
    const oats = await insertProduct({ name: "Oats", pricePaise: 20000, offerPricePaise: 18000 });
    const { text } = await exportAll(cookie);
    const exported = text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    // The file as exported, oats' price changed, a row with no price at its end.
    const csv = [...exported.map((line) => (line.startsWith(oats.id) ? line.replace(",200,180,", ",200,170,") : line)), ",Mystery,Fruits,,,,,,,"].join("\r\n");
    const id = await stageImport(store(), csv);
    const page = dataOf<{ preview: { summary: Record<string, number>; rows: { row: number; action: string }[] } }>(
      await runRoute(importPage.loader, { path: `/seller/products/import?preview=${id}`, cookie, seller: true }),
    );
    expect(page.preview.summary).toEqual({ create: 0, update: 1, unchanged: 35, refused: 1 });
    expect(page.preview.rows.map((row) => row.action)).toEqual(["refused", "update"]);
    expect(page.preview.rows[0]!.row).toBe(exported.length + 1);
  });

  it("keeps only files that can be planned", async () => {
    await expect(stageImport(store(), "name,colour\nApple,red")).rejects.toMatchObject({ status: 400 });
  });
});
