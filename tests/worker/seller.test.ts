import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "@worker/db/client";
import { createProduct } from "@worker/services/product-admin";
import { db, insertProduct } from "../support/builders";
import { call, json, ORIGIN, postJson } from "../support/http";
import { JPEG, PNG, postForm, productForm, sellerLogin, VALID_PRODUCT, WEBP } from "../support/seller";
import { placeOrder } from "@worker/services/orders";
import { addAddress, signUp } from "../support/shoppers";
import { expectErrorsLogged } from "../support/console";
import { pageContext } from "../support/settings";
import * as editProductPage from "~/routes/seller/edit-product";

async function productCount() {
  return (await env.DB.prepare("SELECT COUNT(*) AS n FROM products").first<{ n: number }>())!.n;
}

async function objectCount() {
  return (await env.IMAGES.list({ prefix: "products/" })).objects.length;
}

describe("seller login", () => {
  it("logs in with the configured credentials and out again", async () => {
    const cookie = await sellerLogin();
    expect(cookie).toMatch(/^seller_sid=/);
    expect(await json(await call("/api/seller/is-auth", { headers: { Cookie: cookie } }))).toEqual({ success: true, msg: "", message: "" });
    const logout = await call("/api/seller/logout", { headers: { Cookie: cookie } });
    expect(await json(logout)).toEqual({ success: true, msg: "Logged Out", message: "Logged Out" });
    expect((await call("/api/seller/is-auth", { headers: { Cookie: cookie } })).status).toBe(401);
  });

  it("the seller session is shorter than a shopper's", async () => {
    const response = await postJson("/api/seller/login", { email: env.SELLER_EMAIL, password: env.SELLER_PASSWORD });
    const maxAge = Number(response.headers.getSetCookie()[0]!.match(/Max-Age=(\d+)/)![1]);
    expect(maxAge).toBeLessThanOrEqual(8 * 60 * 60);
  });

  it("refuses wrong credentials with 401 and missing ones with 400", async () => {
    for (const body of [
      { email: env.SELLER_EMAIL, password: "wrong" },
      { email: "other@test.example", password: env.SELLER_PASSWORD },
    ]) {
      const response = await postJson("/api/seller/login", body);
      expect(response.status).toBe(401);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    expect((await postJson("/api/seller/login", { email: "", password: "" })).status).toBe(400);
  });
});

describe("seller endpoints refuse everyone else", () => {
  const endpoints: [string, string][] = [
    ["GET", "/api/seller/is-auth"],
    ["GET", "/api/order/seller"],
    ["GET", "/api/product/seller-list"],
    ["POST", "/api/product/stock"],
    ["POST", "/api/product/delete"],
    ["POST", "/api/order/status"],
    ["POST", "/api/order/mark-paid"],
  ];

  it("without a session and with a shopper session: 401", async () => {
    const shopper = await signUp();
    for (const cookie of [undefined, shopper.cookie]) {
      for (const [method, path] of endpoints) {
        const headers: Record<string, string> = { "Content-Type": "application/json", Origin: "http://localhost:8787" };
        if (cookie) headers.Cookie = cookie;
        const response = await call(path, { method, headers, body: method === "POST" ? "{}" : undefined });
        expect(response.status, `${method} ${path}`).toBe(401);
        expect((await json(response)).success).toBe(false);
      }
    }
  });
});

describe("POST /api/product/add", () => {
  it("adds a product with images stored in R2 under new keys", async () => {
    const cookie = await sellerLogin();
    const form = productForm({ ...VALID_PRODUCT, stock: 12 }, [
      { name: "../../etc/passwd.png", type: "image/png", bytes: PNG },
      { name: "b.jpg", type: "image/jpeg", bytes: JPEG },
    ]);
    const response = await postForm("/api/product/add", form, { Cookie: cookie });
    expect(response.status).toBe(201);
    const body = await json<{ success: boolean; msg: string; product: Record<string, any> }>(response);
    expect(body).toMatchObject({ success: true, msg: "Product Added" });
    expect(body.product).toMatchObject({
      name: "Fresh Basil 100g",
      description: ["Fragrant", "Great for pesto"],
      category: "Vegetables",
      price: 40,
      offerPrice: 35,
      weight: "100 g",
      stock: 12,
      inStock: true,
    });
    expect(body.product.image).toHaveLength(2);
    for (const url of body.product.image as string[]) {
      expect(url).toMatch(/^http:\/\/localhost:8787\/images\/products\/[0-9a-f-]{36}\.(png|jpg)$/);
      const image = await call(url);
      expect(image.status).toBe(200);
      await image.arrayBuffer();
    }
    const list = await json<{ products: { _id: string }[] }>(await call("/api/product/list"));
    expect(list.products.map((p) => p._id)).toContain(body.product._id);
  });

  it("refuses nobody (401), a shopper (401) and a cross-site multipart post (403)", async () => {
    const shopper = await signUp();
    const seller = await sellerLogin();
    expect((await postForm("/api/product/add", productForm(VALID_PRODUCT))).status).toBe(401);
    expect((await postForm("/api/product/add", productForm(VALID_PRODUCT), { Cookie: shopper.cookie })).status).toBe(401);
    expect((await postForm("/api/product/add", productForm(VALID_PRODUCT), { Cookie: seller, Origin: "https://evil.example" })).status).toBe(403);
    expect(await productCount()).toBe(0);
  });

  it("refuses bad product data with 400 and stores nothing", async () => {
    const cookie = await sellerLogin();
    const cases: [unknown, RegExp][] = [
      [{ ...VALID_PRODUCT, name: "" }, /name/],
      [{ ...VALID_PRODUCT, name: undefined }, /name/],
      [{ ...VALID_PRODUCT, price: -5 }, /Price/],
      [{ ...VALID_PRODUCT, price: 0 }, /Price/],
      [{ ...VALID_PRODUCT, price: "abc" }, /Price/],
      [{ ...VALID_PRODUCT, price: 1e12 }, /Price/],
      // Blank is missing, never read as 0.
      [{ ...VALID_PRODUCT, price: "" }, /^Enter the price$/],
      [{ ...VALID_PRODUCT, offerPrice: null }, /^Enter the offer price$/],
      [{ ...VALID_PRODUCT, offerPrice: 50 }, /Offer price cannot be above/],
      // Every refusal in the seller's words, none of the validator's own ("Too big: expected number to be <=1000000").
      [{ ...VALID_PRODUCT, stock: 999_999_999_999 }, /^Stock can be at most 10,00,000$/],
      [{ ...VALID_PRODUCT, stock: -1 }, /^Stock cannot be negative$/],
      [{ ...VALID_PRODUCT, stock: 2.5 }, /^Stock must be a whole number$/],
      [{ ...VALID_PRODUCT, stock: "lots" }, /^Stock must be a number$/],
      [{ ...VALID_PRODUCT, _id: "mine" }, /Unexpected field: _id/],
      [{ ...VALID_PRODUCT, category: "Weapons" }, /categor/],
      ["{not json", /productData/],
    ];
    for (const [data, message] of cases) {
      const response = await postForm("/api/product/add", productForm(data), { Cookie: cookie });
      expect(response.status, JSON.stringify(data)).toBe(400);
      expect((await json<{ msg: string }>(response)).msg).toMatch(message);
    }
    expect(await productCount()).toBe(0);
    expect(await objectCount()).toBe(0);
  });

  it("refuses bad files: 5 images, text named .png, SVG with script, HTML renamed .jpg, oversized, 50 MB", async () => {
    const cookie = await sellerLogin();
    const png = { name: "a.png", type: "image/png", bytes: PNG };
    const cases: [{ name: string; type: string; bytes: Uint8Array }[], number][] = [
      [[png, png, png, png, png], 400],
      [[{ name: "notes.png", type: "image/png", bytes: new TextEncoder().encode("just some text") }], 400],
      [
        [{ name: "x.svg", type: "image/svg+xml", bytes: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') }],
        400,
      ],
      [[{ name: "page.jpg", type: "image/jpeg", bytes: new TextEncoder().encode("<html><script>alert(1)</script></html>") }], 400],
      [[{ name: "big.png", type: "image/png", bytes: new Uint8Array(2 * 1024 * 1024 + 1).fill(1, 8).map((b, i) => (i < 8 ? PNG[i]! : b)) }], 413],
      [[{ name: "huge.png", type: "image/png", bytes: new Uint8Array(50 * 1024 * 1024) }], 413],
      [[], 400],
    ];
    for (const [files, status] of cases) {
      const response = await postForm("/api/product/add", productForm(VALID_PRODUCT, files), { Cookie: cookie });
      expect(response.status, files.map((f) => f.name).join()).toBe(status);
    }
    const twenty = await postForm(
      "/api/product/add",
      productForm(
        VALID_PRODUCT,
        Array.from({ length: 20 }, () => png),
      ),
      { Cookie: cookie },
    );
    expect(twenty.status).toBe(400);
    expect(await productCount()).toBe(0);
    expect(await objectCount()).toBe(0);
  });

  it("accepts WebP too", async () => {
    const cookie = await sellerLogin();
    const response = await postForm("/api/product/add", productForm(VALID_PRODUCT, [{ name: "w.webp", type: "image/webp", bytes: WEBP }]), { Cookie: cookie });
    expect(response.status).toBe(201);
  });

  it("R2 failing on image 2 of 3 leaves no product row and no stored images", async () => {
    expectErrorsLogged("Storing product images failed");
    let puts = 0;
    const failingBucket = new Proxy(env.IMAGES, {
      get(target, property) {
        if (property === "put") {
          return (...args: Parameters<R2Bucket["put"]>) => {
            puts++;
            if (puts === 2) return Promise.reject(new Error("R2 is down"));
            return target.put(...args);
          };
        }
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const files = [PNG, PNG, PNG].map((bytes) => ({ file: new File([bytes], "a.png", { type: "image/png" }) }));
    await expect(createProduct({ db: getDb(env), env: { ...env, IMAGES: failingBucket } }, VALID_PRODUCT, files)).rejects.toMatchObject({ status: 503 });
    expect(await productCount()).toBe(0);
    expect(await objectCount()).toBe(0);
  });
});

/**
 * A product with several bad fields is refused with each one's problem at once, not the first
 * alone (the form shows each under its field): `msg` stays the first, as the spec's clients read it.
 */
describe("a product refused for several fields names them all", () => {
  // Each accepted by the browser's own checks: a name of spaces, a long description line, an offer above the price; a count below zero.
  const SEVERAL = { ...VALID_PRODUCT, name: "   ", description: `Fragrant\n${"x".repeat(301)}`, price: 40, offerPrice: 45, stock: -1 };
  const PROBLEMS = [
    { field: "name", msg: "Enter the product name" },
    { field: "description", msg: "Keep each description line to 300 characters or fewer" },
    { field: "stock", msg: "Stock cannot be negative" },
    { field: "offerPrice", msg: "Offer price cannot be above the price" },
  ];

  it("the API answers `problems`, each field's, beside `msg` (the first); one bad field answers as before", async () => {
    const cookie = await sellerLogin();
    const several = await postForm("/api/product/add", productForm(SEVERAL), { Cookie: cookie });
    expect(several.status).toBe(400);
    expect(await json(several)).toEqual({ success: false, msg: "Enter the product name", message: "Enter the product name", problems: PROBLEMS });
    // Two problems with one field (a count both negative and fractional) are one field's: no list.
    const oneField = await postForm("/api/product/add", productForm({ ...VALID_PRODUCT, stock: -1.5 }), { Cookie: cookie });
    expect(await json(oneField)).toEqual({ success: false, msg: "Stock must be a whole number", message: "Stock must be a whole number" });
    expect(await productCount()).toBe(0);
  });

  it("the product form's action names every field, with JavaScript and without (then with what was typed); nothing is saved", async () => {
    const product = await insertProduct({ name: "Toor dal 1 kg" });
    const save = async (document: boolean) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(SEVERAL)) form.set(name, String(value));
      const request = new Request(new URL(`/seller/products/${product.id}/edit`, ORIGIN), {
        method: "POST",
        body: form,
        headers: { Origin: ORIGIN, ...(document && { "Sec-Fetch-Dest": "document" }) },
      });
      return editProductPage.action({ request, context: await pageContext(request), params: { id: product.id } } as never);
    };
    const refusal = { ok: false, msg: "Enter the product name", field: "name", problems: PROBLEMS };
    const fetched = (await save(false)) as { data: object; init: object };
    expect([fetched.data, fetched.init]).toEqual([refusal, { status: 400 }]);
    const typed = Object.fromEntries(Object.entries(SEVERAL).map(([name, value]) => [name, String(value)]));
    expect(await save(true)).toMatchObject({ data: { ...refusal, typed }, init: { status: 400 } });
    expect(await db().query.products.findFirst({ where: (p, { eq }) => eq(p.id, product.id) })).toMatchObject({ name: "Toor dal 1 kg", offerPricePaise: 4500 });
  });
});

describe("POST /api/product/stock", () => {
  it("switches a product off and on; shoppers stop seeing it", async () => {
    const cookie = await sellerLogin();
    const product = await insertProduct();
    const off = await postJson("/api/product/stock", { id: product.id, inStock: false }, { Cookie: cookie });
    expect(await json(off)).toEqual({ success: true, msg: "Product is out of stock", message: "Product is out of stock" });
    expect((await json<{ products: unknown[] }>(await call("/api/product/list?inStock=true"))).products).toEqual([]);
    const seller = await json<{ products: { _id: string; inStock: boolean }[] }>(await call("/api/product/seller-list", { headers: { Cookie: cookie } }));
    expect(seller.products).toEqual([expect.objectContaining({ _id: product.id, inStock: false })]);
    await postJson("/api/product/stock", { id: product.id, inStock: true }, { Cookie: cookie });
    expect((await json<{ products: unknown[] }>(await call("/api/product/list?inStock=true"))).products).toHaveLength(1);
  });

  it("an unknown id is 404; a string instead of a boolean is 400", async () => {
    const cookie = await sellerLogin();
    const product = await insertProduct();
    expect((await postJson("/api/product/stock", { id: "nope", inStock: false }, { Cookie: cookie })).status).toBe(404);
    const stringy = await postJson("/api/product/stock", { id: product.id, inStock: "false" }, { Cookie: cookie });
    expect(stringy.status).toBe(400);
    expect((await json(stringy)).msg).toBe("inStock must be true or false");
    const row = await env.DB.prepare("SELECT in_stock FROM products WHERE id = ?").bind(product.id).first<{ in_stock: number }>();
    expect(row!.in_stock).toBe(1);
  });
});

describe("edit and delete", () => {
  it("edits fields and keeps images when none are sent", async () => {
    const cookie = await sellerLogin();
    const product = await insertProduct({ images: ["seed/x.webp"] });
    const form = productForm({ ...VALID_PRODUCT, name: "Renamed", price: 60, offerPrice: 50 }, []);
    form.set("id", product.id);
    const response = await postForm("/api/product/update", form, { Cookie: cookie });
    expect(response.status).toBe(200);
    expect((await json<{ product: Record<string, unknown> }>(response)).product).toMatchObject({
      name: "Renamed",
      price: 60,
      offerPrice: 50,
      image: ["http://localhost:8787/images/seed/x.webp"],
    });
  });

  /** The seller opened the edit form at `seen` units; a shopper then bought 3. */
  async function editWhileOrdersComeIn(seen: number) {
    const cookie = await sellerLogin();
    const product = await insertProduct({ name: "Toor dal 1 kg", stock: seen });
    const shopper = await signUp();
    const address = await addAddress(shopper);
    const { created } = await placeOrder({ db: db(), env }, { id: shopper.id }, { items: [{ product: product.id, quantity: 3 }], address }, "COD");
    expect(created).toBe(true);
    const save = (fields: Record<string, unknown>) => {
      const form = productForm({ ...VALID_PRODUCT, name: "Toor dal, 1 kg", ...fields }, []);
      form.set("id", product.id);
      return postForm("/api/product/update", form, { Cookie: cookie });
    };
    const stored = async () => (await db().query.products.findFirst({ where: (p, { eq }) => eq(p.id, product.id) }))!;
    return { save, stored };
  }

  it("an untouched count is left to the orders: a save with the count the form showed keeps what they left", async () => {
    const { save, stored } = await editWhileOrdersComeIn(10);
    const response = await save({ stock: 10, stockSeen: 10 });
    expect(response.status).toBe(200);
    expect(await stored()).toMatchObject({ name: "Toor dal, 1 kg", stock: 7 });
  });

  it("a new count typed over a count that moved is refused with 409 and nothing is saved", async () => {
    const { save, stored } = await editWhileOrdersComeIn(10);
    const response = await save({ stock: 25, stockSeen: 10 });
    expect(response.status).toBe(409);
    expect((await json<{ msg: string }>(response)).msg).toBe(
      "The stock changed from 10 to 7 while you were editing (an order, or a change made elsewhere). Nothing was saved: save again to set it to 25, or correct the count.",
    );
    expect(await stored()).toMatchObject({ name: "Toor dal 1 kg", stock: 7 });
    // Saved again over the count now shown, it lands.
    expect((await save({ stock: 25, stockSeen: 7 })).status).toBe(200);
    expect(await stored()).toMatchObject({ name: "Toor dal, 1 kg", stock: 25 });
  });

  it("a count set on an uncounted product needs it still uncounted; a client without stockSeen writes the count it sends (the spec's API)", async () => {
    const cookie = await sellerLogin();
    const product = await insertProduct({ stock: null });
    const form = productForm({ ...VALID_PRODUCT, stock: 40, stockSeen: "" }, []);
    form.set("id", product.id);
    expect((await postForm("/api/product/update", form, { Cookie: cookie })).status).toBe(200);
    const { save, stored } = await editWhileOrdersComeIn(10);
    expect((await save({ stock: 12 })).status).toBe(200);
    expect(await stored()).toMatchObject({ stock: 12 });
    expect((await db().query.products.findFirst({ where: (p, { eq }) => eq(p.id, product.id) }))!.stock).toBe(40);
  });

  it("a stockSeen that is not a count is a 400", async () => {
    const { save, stored } = await editWhileOrdersComeIn(10);
    const response = await save({ stock: 12, stockSeen: -1 });
    expect(response.status).toBe(400);
    expect(await stored()).toMatchObject({ name: "Toor dal 1 kg", stock: 7 });
  });

  it("deletes a product: shoppers stop seeing it, a second delete is 404", async () => {
    const cookie = await sellerLogin();
    const product = await insertProduct();
    expect(await json(await postJson("/api/product/delete", { id: product.id }, { Cookie: cookie }))).toEqual({
      success: true,
      msg: "Product Deleted",
      message: "Product Deleted",
    });
    expect((await json<{ products: unknown[] }>(await call("/api/product/list?inStock=true"))).products).toEqual([]);
    expect((await postJson("/api/product/delete", { id: product.id }, { Cookie: cookie })).status).toBe(404);
  });
});
