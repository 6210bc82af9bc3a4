import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { bestSellers, getProduct, listProducts, productWithRelated } from "@worker/services/catalog";
import { db, insertProduct } from "../support/builders";

describe("catalog service", () => {
  it("lists only in-stock products, oldest first", async () => {
    const a = await insertProduct({ name: "Alpha" });
    await insertProduct({ name: "Hidden", inStock: false });
    const b = await insertProduct({ name: "Beta" });
    const page = await listProducts(db());
    expect(page.products.map((p) => p.id)).toEqual([a.id, b.id]);
    expect(page.nextCursor).toBeNull();
  });

  it("filters by category", async () => {
    const fruit = await insertProduct({ category: "Fruits" });
    await insertProduct({ category: "Dairy" });
    const page = await listProducts(db(), { category: "Fruits" });
    expect(page.products.map((p) => p.id)).toEqual([fruit.id]);
  });

  it("searches names case-insensitively, treating % and _ literally", async () => {
    const tomato = await insertProduct({ name: "Tomato 1 kg" });
    await insertProduct({ name: "Potato 500g" });
    await insertProduct({ name: "100% Juice" });
    expect((await listProducts(db(), { search: "TOMATO" })).products.map((p) => p.id)).toEqual([tomato.id]);
    expect((await listProducts(db(), { search: "%" })).products.map((p) => p.name)).toEqual(["100% Juice"]);
    expect((await listProducts(db(), { search: "_" })).products).toEqual([]);
  });

  it("finds any piece of a name through the search index, and keeps it in step with edits", async () => {
    const tomato = await insertProduct({ name: "Tomato 1 kg" });
    const potato = await insertProduct({ name: "Potato 500g" });
    const names = async (search: string) => (await listProducts(db(), { search })).products.map((p) => p.name);
    expect(await names("tato")).toEqual(["Potato 500g"]);
    expect(await names("mat")).toEqual(["Tomato 1 kg"]);
    expect(await names("TO 5")).toEqual(["Potato 500g"]);
    for (const hostile of ['"', '"tom', "tom*", "NEAR(tom pot)", "name:tom", "tom OR pot"]) {
      expect(Array.isArray(await names(hostile))).toBe(true);
    }
    await env.DB.prepare("UPDATE products SET name = 'Cherry Tomato' WHERE id = ?").bind(potato.id).run();
    expect(await names("cherry")).toEqual(["Cherry Tomato"]);
    expect(await names("tato")).toEqual([]);
    await env.DB.prepare("DELETE FROM products WHERE id = ?").bind(tomato.id).run();
    expect(await names("tomato")).toEqual(["Cherry Tomato"]);
  });

  it("listing and search queries use indexes, never a full scan of products", async () => {
    const plans = [
      "SELECT id FROM products WHERE in_stock = 1 ORDER BY created_at, id LIMIT 25",
      "SELECT id FROM products WHERE in_stock = 1 AND category = 'Fruits' ORDER BY created_at, id LIMIT 25",
      "SELECT id FROM products WHERE in_stock = 1 AND (created_at > 5 OR (created_at = 5 AND id > 'x')) ORDER BY created_at, id LIMIT 25",
      "SELECT products.id FROM products JOIN products_fts ON products_fts.rowid = products.rowid WHERE products.in_stock = 1 AND products_fts MATCH '\"tom\"' AND products_fts.rowid > 7 ORDER BY products_fts.rowid LIMIT 25",
      "SELECT products.id FROM products JOIN products_fts ON products_fts.rowid = products.rowid WHERE products_fts MATCH '\"tom\"' ORDER BY products_fts.rowid DESC LIMIT 50",
      "SELECT id FROM products ORDER BY created_at DESC, id DESC LIMIT 50",
    ];
    for (const query of plans) {
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query}`).all<{ detail: string }>();
      const details = results.map((r) => r.detail).join(" | ");
      // "SCAN products_fts VIRTUAL TABLE" is the search index itself; a bare "SCAN products" is a full scan.
      expect(details, query).not.toMatch(/SCAN products(?![_\w])(?! USING)/);
      expect(details, query).toMatch(/USING (COVERING )?INDEX|VIRTUAL TABLE|PRIMARY KEY|INTEGER PRIMARY KEY/);
      // Pages come straight off an index in order: nothing is collected and sorted per request.
      expect(details, query).not.toMatch(/TEMP B-TREE/);
      // A search walks the FTS matches (in rowid order) and looks each product up by rowid.
      if (query.includes("MATCH")) expect(details, query).toMatch(/^SCAN products_fts VIRTUAL TABLE.*\| SEARCH products USING INTEGER PRIMARY KEY/);
    }
  });

  it("pages with a cursor without repeating or skipping", async () => {
    const made = [];
    for (let i = 0; i < 7; i++) made.push(await insertProduct());
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await listProducts(db(), { limit: 3, cursor });
      seen.push(...page.products.map((p) => p.id));
      cursor = page.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(seen).toEqual(made.map((p) => p.id));
    expect(pages).toBe(3);
  });

  it("pages search results with a cursor, oldest first for shoppers and newest first for the seller", async () => {
    const made = [];
    for (let i = 0; i < 7; i++) made.push(await insertProduct({ name: `Basmati Rice ${i}` }));
    await insertProduct({ name: "Brown Bread" });
    await insertProduct({ name: "Rice Flakes (sold out)", inStock: false });
    const walk = async (forSeller: boolean) => {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await listProducts(db(), { search: "rice", limit: 3, cursor, ...(forSeller ? { stock: "any", newestFirst: true } : {}) });
        seen.push(...page.products.map((p) => p.name));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return seen;
    };
    expect(await walk(false)).toEqual(made.map((p) => p.name));
    expect(await walk(true)).toEqual(["Rice Flakes (sold out)", ...made.map((p) => p.name).reverse()]);
    // Search rows come back as plain products (no index columns leak out).
    const [first] = (await listProducts(db(), { search: "rice" })).products;
    expect(Object.keys(first!).sort()).toEqual(Object.keys(made[0]!).sort());
  });

  it("a search cursor on a plain listing (or the reverse) is refused: a client that sends page 1 again would loop", async () => {
    const a = await insertProduct({ name: "Rice A" });
    await insertProduct({ name: "Rice B" });
    await expect(listProducts(db(), { cursor: "s1" })).rejects.toMatchObject({
      status: 400,
      message: "This cursor is not one the list gave out: start again without it",
    });
    await expect(listProducts(db(), { search: "rice", cursor: `${a.createdAt}.${a.id}` })).rejects.toMatchObject({
      status: 400,
      message: "This cursor is not one the list gave out: start again without it",
    });
  });

  it("refuses a malformed cursor", async () => {
    await insertProduct();
    for (const garbage of ["garbage", ".abc", "12.", "1e400.x"])
      await expect(listProducts(db(), { cursor: garbage }), garbage).rejects.toMatchObject({
        status: 400,
        message: "This cursor is not one the list gave out: start again without it",
      });
  });

  it("best sellers are the first five in-stock products", async () => {
    await insertProduct({ inStock: false });
    const made = [];
    for (let i = 0; i < 6; i++) made.push(await insertProduct());
    expect((await bestSellers(db())).map((p) => p.id)).toEqual(made.slice(0, 5).map((p) => p.id));
  });

  it("related products: same category, in stock, not itself, at most five", async () => {
    const product = await insertProduct({ category: "Bakery" });
    const others = [];
    for (let i = 0; i < 6; i++) others.push(await insertProduct({ category: "Bakery" }));
    await insertProduct({ category: "Bakery", inStock: false });
    await insertProduct({ category: "Dairy" });
    const page = await productWithRelated(db(), product.id);
    expect(page.product?.id).toBe(product.id);
    expect(page.related.map((p) => p.id)).toEqual(others.slice(0, 5).map((p) => p.id));
    expect(await productWithRelated(db(), "missing")).toEqual({ product: undefined, related: [] });
  });

  it("finds one product by id, or nothing", async () => {
    const a = await insertProduct();
    expect((await getProduct(db(), a.id))?.name).toBe(a.name);
    expect(await getProduct(db(), "missing")).toBeUndefined();
  });
});
