import { describe, expect, it } from "vitest";
import { bestSellers, getProduct, listProducts, relatedProducts } from "../../worker/services/catalog";
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

  it("ignores a malformed cursor", async () => {
    const a = await insertProduct();
    expect((await listProducts(db(), { cursor: "garbage" })).products.map((p) => p.id)).toEqual([a.id]);
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
    const related = await relatedProducts(db(), product);
    expect(related.map((p) => p.id)).toEqual(others.slice(0, 5).map((p) => p.id));
  });

  it("finds one product by id, or nothing", async () => {
    const a = await insertProduct();
    expect((await getProduct(db(), a.id))?.name).toBe(a.name);
    expect(await getProduct(db(), "missing")).toBeUndefined();
  });
});
