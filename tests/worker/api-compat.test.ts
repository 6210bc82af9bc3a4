// Drop-in compatibility with the spec's own client: a React SPA on another origin calling the
// section 7 API with credentials (axios `withCredentials`). CORS_ORIGINS here is https://partner.example.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { checkoutReturnUrls } from "@worker/payments/checkout";
import { insertProduct } from "../support/builders";
import { call, json, ORIGIN, postJson } from "../support/http";
import { postForm, productForm, sellerLogin } from "../support/seller";
import { addAddress, signUp, VALID_ADDRESS, type Shopper } from "../support/shoppers";
import { fakeStripe } from "../support/stripe";

const PARTNER = "https://partner.example";
const FOREIGN = "https://evil.example";

type Product = { _id: string; name: string; image: string[]; inStock: boolean };
type ListAnswer = { success: boolean; msg: string; message: string; products: Product[]; nextCursor: string | null };
type Address = { _id: string; zipCode: string; zipcode: string };

/** A request as the partner's front end sends it from the browser. */
function fromPartner(path: string, init: RequestInit = {}, cookie?: string): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("Origin", PARTNER);
  if (cookie) headers.set("Cookie", cookie);
  if (init.body && typeof init.body === "string") headers.set("Content-Type", "application/json");
  return call(path, { ...init, headers });
}

const settle = () => new Promise((r) => setTimeout(r, 50)); // the cache write happens after the response

describe("CORS is decided per request, never replayed from the edge cache", () => {
  it("a list cached from a request without Origin serves the allowed origin its own headers, and a foreign origin none", async () => {
    await insertProduct({ name: "Cached Mango" });
    const primed = await call("/api/product/list");
    expect(primed.headers.get("x-edge-cache")).toBe("MISS");
    expect(primed.headers.get("access-control-allow-origin")).toBeNull();
    await primed.arrayBuffer();
    await settle();

    const partner = await fromPartner("/api/product/list");
    expect(partner.headers.get("x-edge-cache")).toBe("HIT");
    expect(partner.headers.get("access-control-allow-origin")).toBe(PARTNER);
    expect(partner.headers.get("access-control-allow-credentials")).toBe("true");
    expect(partner.headers.get("vary")).toMatch(/\bOrigin\b/);
    expect((await json<ListAnswer>(partner)).products.map((p) => p.name)).toEqual(["Cached Mango"]);

    const foreign = await call("/api/product/list", { headers: { Origin: FOREIGN } });
    expect(foreign.headers.get("x-edge-cache")).toBe("HIT");
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
    expect(foreign.headers.get("access-control-allow-credentials")).toBeNull();
    await foreign.arrayBuffer();
  });

  it("a list cached from the allowed origin never grants it to a later caller", async () => {
    await insertProduct();
    const primed = await fromPartner("/api/product/list?limit=3");
    expect(primed.headers.get("access-control-allow-origin")).toBe(PARTNER);
    await primed.arrayBuffer();
    await settle();
    for (const headers of [{}, { Origin: FOREIGN }, { Origin: "null" }] as Record<string, string>[]) {
      const later = await call("/api/product/list?limit=3", { headers });
      expect(later.headers.get("x-edge-cache")).toBe("HIT");
      expect(later.headers.get("access-control-allow-origin")).toBeNull();
      await later.arrayBuffer();
    }
  });

  it("answers the preflight of the allowed origin only", async () => {
    const preflight = (origin: string) =>
      call("/api/cart/update", {
        method: "OPTIONS",
        headers: { Origin: origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type" },
      });
    const allowed = await preflight(PARTNER);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get("access-control-allow-origin")).toBe(PARTNER);
    expect(allowed.headers.get("access-control-allow-credentials")).toBe("true");
    expect(allowed.headers.get("access-control-allow-methods")).toMatch(/POST/);
    expect(allowed.headers.get("access-control-allow-headers")).toBe("content-type");
    const foreign = await preflight(FOREIGN);
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
    expect(foreign.headers.get("access-control-allow-methods")).toBeNull();
  });

  it("error answers carry the allowed origin's CORS headers too, so its client can show the message", async () => {
    const unauthorised = await fromPartner("/api/order/user");
    expect(unauthorised.status).toBe(401);
    expect(unauthorised.headers.get("access-control-allow-origin")).toBe(PARTNER);
    const refused = await call("/api/cart/update", { method: "POST", headers: { Origin: FOREIGN, "Content-Type": "application/json" }, body: "{}" });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
    await Promise.all([unauthorised.arrayBuffer(), refused.arrayBuffer()]);
  });

  it("lets the allowed origin read when to try again (429), the methods a 405 allows and the export's next page; others read none", async () => {
    const wrongMethod = await fromPartner("/api/order/user", { method: "PUT" });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBeTruthy();
    expect(wrongMethod.headers.get("access-control-expose-headers")?.split(", ")).toEqual(["Retry-After", "Allow", "Link", "Content-Disposition"]);
    const foreign = await call("/api/product/list?limit=3", { headers: { Origin: FOREIGN } });
    expect(foreign.headers.get("access-control-expose-headers")).toBeNull();
    await Promise.all([wrongMethod.arrayBuffer(), foreign.arrayBuffer()]);
  });
});

describe("image URLs in API answers are absolute on APP_URL", () => {
  it("in products (list, seller list, add) and in order items (mine and the seller's)", async () => {
    const apple = await insertProduct({ name: "Apple", images: ["seed/apple.webp"] });
    const absolute = `${env.APP_URL}/images/seed/apple.webp`;
    const list = await json<ListAnswer>(await call("/api/product/list"));
    expect(list.products[0]!.image).toEqual([absolute]);

    const seller = await sellerLogin();
    const sellerList = await json<ListAnswer>(await call("/api/product/seller-list", { headers: { Cookie: seller } }));
    expect(sellerList.products[0]!.image).toEqual([absolute]);
    const added = await json<{ product: Product }>(
      await postForm("/api/product/add", productForm({ name: "Basil", category: "Vegetables", price: 40, offerPrice: 35 }), { Cookie: seller }),
    );
    expect(added.product.image[0]).toMatch(new RegExp(`^${env.APP_URL}/images/.+`));

    const shopper = await signUp();
    const address = await addAddress(shopper);
    expect((await postJson("/api/order/cod", { items: [{ product: apple.id, quantity: 1 }], address }, { Cookie: shopper.cookie })).status).toBe(201);
    const mine = await json<{ orders: { items: { product: { image: string[] } }[] }[] }>(
      await call("/api/order/user", { headers: { Cookie: shopper.cookie } }),
    );
    expect(mine.orders[0]!.items[0]!.product.image).toEqual([absolute]);
    const theirs = await json<{ orders: { items: { product: { image: string[] } }[] }[] }>(await call("/api/order/seller", { headers: { Cookie: seller } }));
    expect(theirs.orders[0]!.items[0]!.product.image).toEqual([absolute]);
  });
});

describe("GET /api/product/list without paging is the whole catalogue, as the spec's clients expect", () => {
  it("lists in and out of stock products (flagged), in creation order, without limit or cursor", async () => {
    const made = [];
    for (let i = 0; i < 25; i++) made.push(await insertProduct({ inStock: i % 5 !== 0 }));
    const body = await json<ListAnswer>(await call("/api/product/list"));
    expect(body.products.map((p) => p._id)).toEqual(made.map((p) => p.id));
    expect(body.products.filter((p) => !p.inStock)).toHaveLength(5);
    expect(body.nextCursor).toBeNull();
  });

  it("inStock=true and inStock=false filter on the server; anything else is a 400", async () => {
    const inStock = await insertProduct({ name: "Fresh" });
    const soldOut = await insertProduct({ name: "Gone", inStock: false });
    const only = async (value: string) => (await json<ListAnswer>(await call(`/api/product/list?inStock=${value}`))).products.map((p) => p._id);
    expect(await only("true")).toEqual([inStock.id]);
    expect(await only("false")).toEqual([soldOut.id]);
    for (const bad of ["yes", "1", ""]) {
      const response = await call(`/api/product/list?inStock=${bad}`);
      expect(response.status, bad).toBe(400);
      expect((await json(response)).message).toBe("inStock must be true or false");
    }
  });

  it("stops at 500 products with a cursor to the rest; an explicit limit still pages at most 100", async () => {
    const start = Date.UTC(2025, 0, 1);
    const insert = env.DB.prepare(
      "INSERT INTO products (id, name, category, description, price_paise, offer_price_paise, images, in_stock, created_at, updated_at) VALUES (?, ?, 'Fruits', '[]', 100, 100, '[]', 1, ?, ?)",
    );
    await env.DB.batch(Array.from({ length: 503 }, (_, i) => insert.bind(`bulk-${String(i).padStart(4, "0")}`, `Bulk ${i}`, start + i, start + i)));
    const first = await json<ListAnswer>(await call("/api/product/list"));
    expect(first.products).toHaveLength(500);
    expect(first.nextCursor).toEqual(expect.any(String));
    const rest = await json<ListAnswer>(await call(`/api/product/list?cursor=${encodeURIComponent(first.nextCursor!)}`));
    expect(rest.products.map((p) => p._id)).toEqual(["bulk-0500", "bulk-0501", "bulk-0502"]);
    expect(rest.nextCursor).toBeNull();
    expect((await json<ListAnswer>(await call("/api/product/list?limit=100"))).products).toHaveLength(100);
    expect((await call("/api/product/list?limit=101")).status).toBe(400);
  });

  it("the seller's list built on it shows a product switched off, so it can be switched on again", async () => {
    const product = await insertProduct({ name: "Toggle Me" });
    const seller = await sellerLogin();
    expect((await postJson("/api/product/stock", { id: product.id, inStock: false }, { Cookie: seller })).status).toBe(200);
    const off = await json<ListAnswer>(await call("/api/product/list"));
    expect(off.products).toEqual([expect.objectContaining({ _id: product.id, inStock: false })]);
    expect((await postJson("/api/product/stock", { id: product.id, inStock: true }, { Cookie: seller })).status).toBe(200);
    const on = await json<ListAnswer>(await call("/api/product/list"));
    expect(on.products).toEqual([expect.objectContaining({ _id: product.id, inStock: true })]);
  });
});

describe("addresses as the spec's client reads and writes them", () => {
  let shopper: Shopper;
  beforeEach(async () => {
    shopper = await signUp();
  });

  it("lists with GET and with POST, under both `address` and `addresses`", async () => {
    const id = await addAddress(shopper);
    for (const method of ["GET", "POST"]) {
      const response = await fromPartner("/api/address/get", { method }, shopper.cookie);
      expect(response.status, method).toBe(200);
      const body = await json<{ address: Address[]; addresses: Address[] }>(response);
      expect(body.address.map((a) => a._id)).toEqual([id]);
      expect(body.addresses).toEqual(body.address);
    }
  });

  it("accepts `zipcode` for `zipCode` under the same rules, and answers both spellings", async () => {
    const { zipCode, ...rest } = VALID_ADDRESS;
    const added = await fromPartner("/api/address/add", { method: "POST", body: JSON.stringify({ address: { ...rest, zipcode: zipCode } }) }, shopper.cookie);
    expect(added.status).toBe(201);
    expect((await json<{ address: Address }>(added)).address).toMatchObject({ zipCode, zipcode: zipCode });

    for (const zipcode of ["12", "abcdef", ""]) {
      const refused = await fromPartner("/api/address/add", { method: "POST", body: JSON.stringify({ address: { ...rest, zipcode } }) }, shopper.cookie);
      expect(refused.status, zipcode).toBe(400);
      expect((await json(refused)).message).toMatch(/6-digit PIN code/);
    }
    const missing = await fromPartner("/api/address/add", { method: "POST", body: JSON.stringify({ address: rest }) }, shopper.cookie);
    expect(missing.status).toBe(400);
    const listed = await json<{ addresses: Address[] }>(await fromPartner("/api/address/get", {}, shopper.cookie));
    expect(listed.addresses).toHaveLength(1);
  });

  it("the seller's order view reads the zip as `zipcode`", async () => {
    const apple = await insertProduct();
    const address = await addAddress(shopper, { ...VALID_ADDRESS, zipCode: "560034" });
    await postJson("/api/order/cod", { items: [{ product: apple.id, quantity: 1 }], address }, { Cookie: shopper.cookie });
    const seller = await sellerLogin();
    const orders = await json<{ orders: { address: Address }[] }>(await call("/api/order/seller", { headers: { Cookie: seller } }));
    expect(orders.orders[0]!.address).toMatchObject({ zipcode: "560034", zipCode: "560034" });
  });
});

describe("every answer carries `message` next to `msg`", () => {
  it("on success and on every kind of error, from the router and from the Worker around it", async () => {
    const shopper = await signUp();
    const answers = [
      await call("/api/product/list"),
      await postJson("/api/cart/update", { cartItems: {} }, { Cookie: shopper.cookie }),
      await call("/api/user/is-auth", { headers: { Cookie: shopper.cookie } }),
      await call("/api/order/user"), // 401
      await postJson("/api/cart/update", "{oops", { Cookie: shopper.cookie }), // 400
      await call("/api/cart/update", { method: "POST", headers: { Origin: ORIGIN, Cookie: shopper.cookie, "Content-Type": "text/plain" }, body: "x" }), // 415
      await call("/api/nowhere"), // 404
      await call("/api/cart/update"), // 405
      await call("/api/cart/update", { method: "POST", headers: { Origin: FOREIGN } }), // 403, refused before the router
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 401, 400, 415, 404, 405, 403]);
    for (const response of answers) {
      const body = await json<{ msg: string; message: string }>(response);
      expect(typeof body.message, response.url).toBe("string");
      expect(body.message).toBe(body.msg);
    }
  });
});

describe("API paths match case-insensitively, as the Express server's did", () => {
  it("places a COD order through /api/order/COD and reads it through /API/Order/User", async () => {
    const apple = await insertProduct();
    const shopper = await signUp();
    const address = await addAddress(shopper);
    const placed = await postJson("/api/order/COD", { items: [{ product: apple.id, quantity: 2 }], address }, { Cookie: shopper.cookie });
    expect(placed.status).toBe(201);
    expect((await json(placed)).message).toBe("Order Placed Successfully");
    const mine = await call("/API/Order/User", { headers: { Cookie: shopper.cookie } });
    expect(mine.status).toBe(200);
    expect((await json<{ orders: unknown[] }>(mine)).orders).toHaveLength(1);
    // The protections hold on the other spelling too.
    expect((await call("/api/ORDER/cod", { method: "POST", headers: { Origin: FOREIGN, Cookie: shopper.cookie } })).status).toBe(403);
    expect((await postJson("/api/Order/Cod", { items: [{ product: apple.id, quantity: 1 }], address })).status).toBe(401);
  });
});

describe("card payment returns to the front end that started it, if it is on the allow-list", () => {
  beforeEach(async () => {
    await fakeStripe.reset();
  });

  async function startFrom(headers: Record<string, string>) {
    const apple = await insertProduct();
    const shopper = await signUp();
    const address = await addAddress(shopper);
    const response = await postJson("/api/order/stripe", { items: [{ product: apple.id, quantity: 1 }], address }, { Cookie: shopper.cookie, ...headers });
    return { response, sessions: () => fakeStripe.sessionsOf(shopper.email) };
  }

  it("the allowed origin gets its own loader and cart pages", async () => {
    const started = await startFrom({ Origin: PARTNER });
    expect(started.response.status).toBe(201);
    const [session] = await started.sessions();
    expect(session).toMatchObject({ success_url: `${PARTNER}/loader?next=my-orders`, cancel_url: `${PARTNER}/cart` });
  });

  it("no Origin (a server calling) returns to APP_URL", async () => {
    const apple = await insertProduct();
    const shopper = await signUp();
    const address = await addAddress(shopper);
    const placed = await call("/api/order/stripe", {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: shopper.cookie },
      body: JSON.stringify({ items: [{ product: apple.id, quantity: 1 }], address }),
    });
    expect(placed.status).toBe(201);
    const { orderId } = (await placed.json()) as { orderId: string };
    const [session] = await fakeStripe.sessionsFor(orderId);
    expect(session).toMatchObject({
      success_url: `${env.APP_URL}/my-orders/${orderId}?confirming`,
      cancel_url: `${env.APP_URL}/cart?unpaid=${orderId}`,
    });
  });

  it("a foreign origin is refused before any session, and could never pick the return address", async () => {
    const refused = await startFrom({ Origin: FOREIGN });
    expect(refused.response.status).toBe(403);
    expect(await refused.sessions()).toEqual([]);
    expect(checkoutReturnUrls(env, FOREIGN, "o-1")).toEqual({
      success: `${env.APP_URL}/my-orders/o-1?confirming`,
      cancel: `${env.APP_URL}/cart?unpaid=o-1`,
    });
    expect(checkoutReturnUrls(env, `${PARTNER}.evil.example`, "o-1").success).toMatch(new RegExp(`^${env.APP_URL}/`));
  });
});
