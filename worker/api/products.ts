import { Hono, type Context } from "hono";
import { badRequest, conflict, parseInput } from "@worker/errors";
import { readCsvBody } from "@worker/request-body";
import { bulkStockMessage, setStockInBulk } from "@worker/services/bulk-stock";
import { exportCataloguePage, exportFileName } from "@worker/services/catalogue-export";
import { commitImport, importResultMessage, planImport, planSummaryMessage, publicRow, IMPORT_TOO_LARGE } from "@worker/services/catalogue-import";
import { MAX_IMPORT_BYTES } from "@shared/product-csv";
import { exportQuery } from "@worker/validation/product-csv";
import { listProducts, toApiProduct, UNPAGED_LIST_CAP, type StockFilter } from "@worker/services/catalog";
import { createProduct, deleteProduct, parseProductData, SAME_IMAGES, setInStock, updateProduct } from "@worker/services/product-admin";
import { fileChoices, readUploadForm } from "@worker/storage/uploads";
import { productListQuery, productRefInput } from "@worker/validation/product";
import { requireSeller, type ApiEnv } from "./auth";
import { readJson } from "./body";

const STOCK_FILTERS: Record<string, StockFilter> = { true: "in-stock", false: "out-of-stock" };

/** Without `limit`, the whole catalogue up to UNPAGED_LIST_CAP: the spec's clients filter `inStock` themselves. */
async function productList(c: Context<ApiEnv>, newestFirst: boolean) {
  const { inStock, limit, ...rest } = parseInput(productListQuery, c.req.query());
  const page = await listProducts(c.var.db, { ...rest, limit: limit ?? UNPAGED_LIST_CAP, stock: inStock ? STOCK_FILTERS[inStock] : "any", newestFirst });
  return c.json({ success: true, products: page.products.map((p) => toApiProduct(p, c.env.APP_URL)), nextCursor: page.nextCursor, msg: "" });
}

export const productRoutes = new Hono<ApiEnv>()
  .get("/list", (c) => productList(c, false))
  .get("/seller-list", requireSeller, (c) => productList(c, true))
  // requireSeller runs before any handler reads the (possibly large) body.
  .post("/add", requireSeller, async (c) => {
    const form = await readUploadForm(c.req.raw);
    const product = await createProduct(c.var.store, parseProductData(form.get("productData")), fileChoices(form.getAll("images")));
    return c.json({ success: true, msg: "Product Added", product: toApiProduct(product, c.env.APP_URL) }, 201);
  })
  .post("/update", requireSeller, async (c) => {
    const form = await readUploadForm(c.req.raw);
    const id = form.get("id");
    if (typeof id !== "string" || !id) throw badRequest("Unknown product");
    // New files replace all the pictures; without any, the pictures stay.
    const images = fileChoices(form.getAll("images"));
    const product = await updateProduct(c.var.store, id, parseProductData(form.get("productData")), images.length > 0 ? images : SAME_IMAGES);
    return c.json({ success: true, msg: "Product Updated", product: toApiProduct(product, c.env.APP_URL) });
  })
  .post("/stock", requireSeller, async (c) => {
    const product = await setInStock(c.var.db, await readJson(c));
    return c.json({ success: true, msg: product.inStock ? "Product is in stock" : "Product is out of stock" });
  })
  .post("/delete", requireSeller, async (c) => {
    const { id } = parseInput(productRefInput, await readJson(c));
    await deleteProduct(c.var.db, id);
    return c.json({ success: true, msg: "Product Deleted" });
  })
  .post("/bulk-stock", requireSeller, async (c) => {
    const result = await setStockInBulk(c.var.db, await readJson(c));
    return c.json({ success: true, msg: bulkStockMessage(result), ...result });
  })
  .get("/export", requireSeller, async (c) => {
    const { cursor, part } = parseInput(exportQuery, c.req.query());
    const page = await exportCataloguePage(c.var.db, c.env.APP_URL, cursor || undefined, { header: !cursor || part !== undefined });
    return c.body(page.csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(new Date(), part)}"`,
      "Cache-Control": "no-store",
      ...(page.nextCursor && { Link: `</api/product/export?cursor=${encodeURIComponent(page.nextCursor)}>; rel="next"` }),
    });
  })
  .post("/import/preview", requireSeller, async (c) => {
    const plan = await planImport(c.var.store, await readCsvBody(c.req.raw, MAX_IMPORT_BYTES, IMPORT_TOO_LARGE));
    return c.json({ success: true, msg: planSummaryMessage(plan), summary: plan.summary, rows: plan.rows.map(publicRow), plan: plan.hash });
  })
  .post("/import", requireSeller, async (c) => {
    const plan = await planImport(c.var.store, await readCsvBody(c.req.raw, MAX_IMPORT_BYTES, IMPORT_TOO_LARGE));
    const previewed = c.req.query("plan");
    if (previewed !== undefined && previewed !== plan.hash) throw conflict("The catalogue or the file changed since that preview: preview it again");
    if (plan.summary.refused > 0)
      return c.json({ success: false, msg: `Nothing was imported: ${planSummaryMessage(plan)}`, summary: plan.summary, rows: plan.rows.map(publicRow) }, 400);
    const result = await commitImport(c.var.store, plan);
    return c.json({ success: true, msg: importResultMessage(result), ...result });
  });
