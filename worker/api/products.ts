import { Hono } from "hono";
import { badRequest, parseInput } from "@worker/errors";
import { listProducts, toApiProduct, UNPAGED_LIST_CAP, type StockFilter } from "@worker/services/catalog";
import { createProduct, deleteProduct, parseProductData, setInStock, updateProduct } from "@worker/services/product-admin";
import { MAX_UPLOAD_BODY_BYTES, readLimitedFormData } from "@worker/storage/uploads";
import { productListQuery, productRefInput, type ProductListQuery } from "@worker/validation/product";
import { requireSeller } from "./auth";
import { readJson } from "./body";
import type { ApiEnv } from "./types";

const STOCK_FILTERS: Record<string, StockFilter> = { true: "in-stock", false: "out-of-stock" };

/**
 * The spec's clients ask for the list without paging and filter on `inStock` themselves: without
 * `limit` the answer is the whole catalogue (in and out of stock) up to UNPAGED_LIST_CAP, with
 * `nextCursor` beyond it; `limit` pages; `inStock=true|false` filters on the server.
 */
function listOptions(query: ProductListQuery) {
  const { inStock, limit, ...rest } = query;
  return { ...rest, limit: limit ?? UNPAGED_LIST_CAP, stock: inStock ? STOCK_FILTERS[inStock] : "any" } as const;
}

export const productRoutes = new Hono<ApiEnv>()
  .get("/list", async (c) => {
    const page = await listProducts(c.var.db, listOptions(parseInput(productListQuery, c.req.query())));
    return c.json({ success: true, products: page.products.map((p) => toApiProduct(p, c.env.APP_URL)), nextCursor: page.nextCursor, msg: "" });
  })
  /** The seller's list: newest first. */
  .get("/seller-list", requireSeller, async (c) => {
    const page = await listProducts(c.var.db, { ...listOptions(parseInput(productListQuery, c.req.query())), newestFirst: true });
    return c.json({ success: true, products: page.products.map((p) => toApiProduct(p, c.env.APP_URL)), nextCursor: page.nextCursor, msg: "" });
  })
  // requireSeller runs before any handler reads the (possibly large) body.
  .post("/add", requireSeller, async (c) => {
    const form = await readLimitedFormData(c.req.raw, MAX_UPLOAD_BODY_BYTES);
    const product = await createProduct({ db: c.var.db, env: c.env }, parseProductData(form.get("productData")), form.getAll("images"));
    return c.json({ success: true, msg: "Product Added", product: toApiProduct(product, c.env.APP_URL) }, 201);
  })
  .post("/update", requireSeller, async (c) => {
    const form = await readLimitedFormData(c.req.raw, MAX_UPLOAD_BODY_BYTES);
    const id = form.get("id");
    if (typeof id !== "string" || !id) throw badRequest("Unknown product");
    const product = await updateProduct({ db: c.var.db, env: c.env }, id, parseProductData(form.get("productData")), form.getAll("images"));
    return c.json({ success: true, msg: "Product Updated", product: toApiProduct(product, c.env.APP_URL) });
  })
  .post("/stock", requireSeller, async (c) => {
    const product = await setInStock({ db: c.var.db, env: c.env }, await readJson(c));
    return c.json({ success: true, msg: product.inStock ? "Product is in stock" : "Product is out of stock" });
  })
  .post("/delete", requireSeller, async (c) => {
    const { id } = parseInput(productRefInput, await readJson(c));
    await deleteProduct({ db: c.var.db, env: c.env }, id);
    return c.json({ success: true, msg: "Product Deleted" });
  });
