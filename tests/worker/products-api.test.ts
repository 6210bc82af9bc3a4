import { describe, expect, it } from "vitest";
import { call, json } from "../support/http";
import { insertProduct } from "../support/builders";
import { sellerLogin } from "../support/seller";

type ListAnswer = { success: boolean; msg: string; products: Record<string, unknown>[]; nextCursor: string | null };

describe("GET /api/product/list", () => {
  it("answers the spec's shape with rupees and image URLs", async () => {
    const product = await insertProduct({
      name: "Apple 1 kg",
      category: "Fruits",
      description: ["Crisp", "Juicy"],
      pricePaise: 12000,
      offerPricePaise: 11050,
      images: ["seed/apple.webp", "seed/apple-2.webp"],
      weight: null,
    });
    const response = await call("/api/product/list");
    expect(response.status).toBe(200);
    const body = await json<ListAnswer>(response);
    expect(body.success).toBe(true);
    expect(body.msg).toBe("");
    expect(body.products).toEqual([
      expect.objectContaining({
        _id: product.id,
        name: "Apple 1 kg",
        category: "Fruits",
        description: ["Crisp", "Juicy"],
        price: 120,
        offerPrice: 110.5,
        image: ["http://localhost:8787/images/seed/apple.webp", "http://localhost:8787/images/seed/apple-2.webp"],
        inStock: true,
        weight: null,
      }),
    ]);
  });

  it("pages with limit and cursor", async () => {
    for (let i = 0; i < 5; i++) await insertProduct();
    const first = await json<ListAnswer>(await call("/api/product/list?limit=2"));
    expect(first.products).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await json<ListAnswer>(await call(`/api/product/list?limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`));
    expect(second.products[0]!._id).not.toBe(first.products[1]!._id);
    expect(second.products).toHaveLength(2);
  });

  it("pages a search with its cursor; a malformed or foreign cursor is refused (400), not answered with the first page again", async () => {
    const rice = [];
    for (let i = 0; i < 5; i++) rice.push(await insertProduct({ name: `Basmati Rice ${i}` }));
    await insertProduct({ name: "Brown Bread" });
    const names: string[] = [];
    let cursor: string | null = null;
    do {
      const url = `/api/product/list?search=rice&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const page: ListAnswer = await json<ListAnswer>(await call(url));
      names.push(...page.products.map((p) => p.name as string));
      cursor = page.nextCursor;
    } while (cursor);
    expect(names).toEqual(rice.map((p) => p.name));
    for (const bad of ["s-1", "sabc", "s", "garbage", `${rice[0]!.createdAt}.${rice[0]!.id}`]) {
      const refused = await call(`/api/product/list?search=rice&limit=2&cursor=${encodeURIComponent(bad)}`);
      expect([refused.status, await refused.json()], bad).toEqual([
        400,
        expect.objectContaining({ success: false, msg: "This cursor is not one the list gave out: start again without it" }),
      ]);
    }
  });

  it("control characters in a search (NUL, tab, newline, DEL) are spaces: never a 500, for shoppers and the seller", async () => {
    await insertProduct({ name: "Red Apple" });
    const seller = await sellerLogin();
    for (const search of ["Red%00Apple", "Red%09Apple", "Red%0D%0AApple", "Red%7FApple", "%00Red%C2%85Apple%00", "Red%00%00%00Apple"]) {
      for (const [path, headers] of [
        ["/api/product/list", {}],
        ["/api/product/seller-list", { Cookie: seller }],
      ] as const) {
        const response = await call(`${path}?search=${search}`, { headers });
        expect(response.status, `${path} ${search}`).toBe(200);
        expect(
          (await json<ListAnswer>(response)).products.map((p) => p.name),
          `${path} ${search}`,
        ).toEqual(["Red Apple"]);
      }
    }
    for (const search of ["%00", "%00%00%00", "ab%00cd", "%01%02%03%04"]) {
      const response = await call(`/api/product/list?search=${search}`);
      expect(response.status, search).toBe(200);
      await response.arrayBuffer();
    }
    const tooLong = await call(`/api/product/list?search=${"a".repeat(101)}`);
    expect(tooLong.status).toBe(400);
    expect((await json(tooLong)).msg).toBe("Search for at most 100 characters");
  });

  it("refuses a silly limit with 400 and the error shape", async () => {
    for (const limit of ["0", "-1", "abc", "1000"]) {
      const response = await call(`/api/product/list?limit=${limit}`);
      expect(response.status).toBe(400);
      const body = await json(response);
      expect(body.success).toBe(false);
      expect(body.msg).toEqual(expect.any(String));
    }
  });

  it("unknown API paths are a JSON 404", async () => {
    const response = await call("/api/nothing-here");
    expect(response.status).toBe(404);
    expect(await json(response)).toEqual({ success: false, msg: "Not found", message: "Not found" });
  });
});
