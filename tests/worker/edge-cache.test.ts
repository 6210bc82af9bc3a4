import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { isCacheable, withEdgeCache } from "@worker/edge-cache";
import { createFetchHandler } from "@worker/handler";
import { insertProduct } from "../support/builders";
import { call, json, ORIGIN, postJson } from "../support/http";
import { sellerLogin } from "../support/seller";
import { addAddress, signUp } from "../support/shoppers";
import { catalogVersion } from "../support/catalog-version";

let marked = 0;

/** Note the catalogue's version, so a test can tell whether anything bumped it since. */
async function markVersion(): Promise<void> {
  marked = await catalogVersion();
}

async function versionBumped(): Promise<boolean> {
  return (await catalogVersion()) !== marked;
}

/** Two anonymous reads of the product list: the second must come from the cache. */
async function warmList(path = "/api/product/list?limit=9&inStock=true"): Promise<void> {
  await (await call(path)).arrayBuffer();
  await new Promise((r) => setTimeout(r, 50)); // the cache write happens after the response
  const again = await call(path);
  expect(again.headers.get("x-edge-cache")).toBe("HIT");
  await again.arrayBuffer();
}

async function listedNames(path = "/api/product/list?limit=9&inStock=true"): Promise<{ state: string | null; names: string[] }> {
  const response = await call(path);
  return { state: response.headers.get("x-edge-cache"), names: (await json<List>(response)).products.map((p) => p.name) };
}

type List = { products: { _id: string; name: string; inStock: boolean }[] };

describe("edge cache of anonymous catalogue reads", () => {
  it("caches only anonymous GETs of the catalogue and the product list", () => {
    const at = (path: string, init: RequestInit = {}) => new Request(`http://localhost:8787${path}`, init);
    for (const path of ["/", "/products", "/products?search=tom", "/products/fruits", "/products/fruits/abc", "/api/product/list"]) {
      expect(isCacheable(at(path)), path).toBe(true);
    }
    for (const path of ["/cart", "/my-orders", "/seller", "/seller/orders", "/api/order/user", "/login", "/products/a/b/c"]) {
      expect(isCacheable(at(path)), path).toBe(false);
    }
    for (const cookie of ["sid=x", "cart=abc%3A1", "seller_sid=y"]) {
      expect(isCacheable(at("/products", { headers: { Cookie: cookie } })), cookie).toBe(false);
    }
    // The API's list is the same for every shopper, signed in or not; the seller reads it live.
    for (const cookie of ["sid=x", "cart=abc%3A1"]) expect(isCacheable(at("/api/product/list", { headers: { Cookie: cookie } })), cookie).toBe(true);
    expect(isCacheable(at("/api/product/list", { headers: { Cookie: "sid=x; seller_sid=y" } }))).toBe(false);
    expect(isCacheable(at("/products", { method: "POST" }))).toBe(false);
  });

  it("serves a second anonymous read from the cache, and a seller change purges it", async () => {
    const product = await insertProduct({ name: "Cached Apple" });
    const first = await call("/api/product/list?limit=5");
    expect(first.headers.get("x-edge-cache")).toBe("MISS");
    expect(first.headers.get("cache-control")).toBe("no-cache");
    await first.arrayBuffer();
    await new Promise((r) => setTimeout(r, 50)); // the cache write happens after the response
    const second = await call("/api/product/list?limit=5");
    expect(second.headers.get("x-edge-cache")).toBe("HIT");
    expect((await json<List>(second)).products.map((p) => p.name)).toEqual(["Cached Apple"]);

    const seller = await sellerLogin();
    expect((await postJson("/api/product/stock", { id: product.id, inStock: false }, { Cookie: seller })).status).toBe(200);
    const after = await call("/api/product/list?limit=5");
    expect(after.headers.get("x-edge-cache")).toBe("MISS");
    expect((await json<List>(after)).products).toEqual([expect.objectContaining({ name: "Cached Apple", inStock: false })]);
  });

  it("serves a signed-in shopper the same cached product list, and sets no cookie from it", async () => {
    await insertProduct({ name: "Shared Apple" });
    const shopper = await signUp();
    const primed = await call("/api/product/list?limit=7");
    await primed.arrayBuffer();
    await new Promise((r) => setTimeout(r, 50));
    const response = await call("/api/product/list?limit=7", { headers: { Cookie: shopper.cookie } });
    expect(response.headers.get("x-edge-cache")).toBe("HIT");
    expect(response.headers.get("set-cookie")).toBeNull();
    expect((await json<List>(response)).products.map((p) => p.name)).toEqual(["Shared Apple"]);
  });

  it("only a seller write that changed the catalogue refreshes it: anonymous posts, preflights, logouts, refused and no-op writes do not", async () => {
    const product = await insertProduct({ name: "Steady Pear" });
    const seller = await sellerLogin();
    // The real routing with a page renderer that answers every post 303, as the production pages
    // answer the right ones (a purge keyed on "answered below 400" would show).
    const worker = createFetchHandler(async () => new Response(null, { status: 303, headers: { Location: "/" } }));
    const send = async (path: string, init: RequestInit) =>
      (await worker.fetch!(new Request(new URL(path, ORIGIN), init) as never, env, createExecutionContext())).status;
    await markVersion();
    const form = { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN };
    expect(await send("/seller/logout", { method: "POST", headers: form })).toBe(303);
    expect(await send("/seller/product-list", { method: "POST", headers: form, body: "intent=stock&id=x&inStock=false" })).toBe(303);
    expect(await send("/api/product/add", { method: "OPTIONS", headers: { Origin: "https://partner.example", "Access-Control-Request-Method": "POST" } })).toBe(
      204,
    );
    expect(
      await send("/api/product/stock", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: ORIGIN },
        body: JSON.stringify({ id: product.id, inStock: false }),
      }),
    ).toBe(401);
    expect(await send("/api/seller/logout", { method: "GET", headers: { Cookie: seller, "Sec-Fetch-Site": "cross-site" } })).toBe(403);
    // The seller's own writes that change nothing a shopper sees: switching on what is on, a bad request.
    expect((await postJson("/api/product/stock", { id: product.id, inStock: true }, { Cookie: seller })).status).toBe(200);
    expect((await postJson("/api/product/stock", { id: product.id, inStock: "no" }, { Cookie: seller })).status).toBe(400);
    expect(await versionBumped()).toBe(false);

    expect((await postJson("/api/product/stock", { id: product.id, inStock: false }, { Cookie: seller })).status).toBe(200);
    expect(await versionBumped()).toBe(true);
  });

  it("an order that takes a product's last unit refreshes what anonymous visitors see; one that leaves stock does not", async () => {
    await insertProduct({ name: "Last Mango", stock: 1 });
    const plum = await insertProduct({ name: "Plenty Plum", stock: 10 });
    const mango = (await env.DB.prepare("SELECT id FROM products WHERE name = 'Last Mango'").first<{ id: string }>())!;
    const shopper = await signUp();
    const address = await addAddress(shopper);
    await markVersion();
    await warmList();

    expect((await postJson("/api/order/cod", { items: [{ product: plum.id, quantity: 2 }], address }, { Cookie: shopper.cookie })).status).toBe(201);
    expect(await versionBumped()).toBe(false);
    expect(await listedNames()).toEqual({ state: "HIT", names: ["Last Mango", "Plenty Plum"] });

    expect((await postJson("/api/order/cod", { items: [{ product: mango.id, quantity: 1 }], address }, { Cookie: shopper.cookie })).status).toBe(201);
    expect(await listedNames()).toEqual({ state: "MISS", names: ["Plenty Plum"] });
  });
});

describe("the edge cache never stores or replays a header that varies per request", () => {
  const PER_REQUEST = {
    "Access-Control-Allow-Origin": "https://partner.example",
    "Access-Control-Allow-Credentials": "true",
    Vary: "Origin",
    "X-Request-Id": "first-caller",
    "Strict-Transport-Security": "max-age=1",
  };

  async function through(request: Request, produce: () => Promise<Response>) {
    const ctx = createExecutionContext();
    const response = await withEdgeCache(request, env, ctx, async () => "test-build", produce);
    await waitOnExecutionContext(ctx);
    return response;
  }

  it("replays only the content headers, with a new CSP nonce, to the next caller", async () => {
    const url = `http://localhost:8787/products?walk=${crypto.randomUUID()}`;
    const first = await through(
      new Request(url),
      async () =>
        new Response('<script nonce="n0nce-first"></script>', {
          headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": "script-src 'nonce-n0nce-first'", ...PER_REQUEST },
        }),
    );
    expect(first.headers.get("x-edge-cache")).toBe("MISS");
    await first.text();
    const hit = await through(new Request(url), async () => new Response("must not render", { status: 500 }));
    expect(hit.headers.get("x-edge-cache")).toBe("HIT");
    for (const name of Object.keys(PER_REQUEST)) expect(hit.headers.get(name), name).toBeNull();
    expect(hit.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const nonce = hit.headers.get("content-security-policy")!.match(/'nonce-([^']+)'/)![1]!;
    expect(nonce).not.toBe("n0nce-first");
    expect(await hit.text()).toBe(`<script nonce="${nonce}"></script>`);
  });

  it("does not store a response that sets a cookie", async () => {
    const url = `http://localhost:8787/products?walk=${crypto.randomUUID()}`;
    const first = await through(new Request(url), async () => new Response("personal", { headers: { "Set-Cookie": "cart=abc; Path=/" } }));
    await first.text();
    const second = await through(new Request(url), async () => new Response("fresh"));
    expect(second.headers.get("x-edge-cache")).toBe("MISS");
    expect(second.headers.get("set-cookie")).toBeNull();
    expect(await second.text()).toBe("fresh");
  });
});

describe("every route the edge cache serves, through the real Worker and its rendered pages", () => {
  const ALLOWED_ORIGIN = "https://partner.example"; // CORS_ORIGINS of vitest.config.ts
  const APPLE = { id: "test-apple-1-kg", name: "Apple 1 kg", category: "Fruits" };
  const CACHED_ROUTES = ["/", "/products", "/products?search=tomato", "/products/fruits", `/products/fruits/${APPLE.id}`, "/api/product/list"];

  const nonceOf = (response: Response) => response.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1];

  /** The cache is written after the first answer (waitUntil): ask until a copy comes from it. */
  async function cachedCopy(path: string, init: RequestInit): Promise<Response> {
    for (let attempt = 0; attempt < 100; attempt++) {
      const response = await call(path, init);
      if (/^(HIT|STALE)$/.test(response.headers.get("x-edge-cache") ?? "")) return response;
      await response.arrayBuffer();
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`${path} never came from the edge cache`);
  }

  for (const path of CACHED_ROUTES) {
    it(`replays no header of the caller who primed it on ${path} (CORS, Set-Cookie, the CSP nonce)`, async () => {
      await insertProduct(APPLE);
      await insertProduct({ name: "Tomato 1 kg" });
      const primed = await call(path, { headers: { Origin: ALLOWED_ORIGIN } });
      expect(primed.status).toBe(200);
      if (path.startsWith("/api/")) expect(primed.headers.get("access-control-allow-origin")).toBe(ALLOWED_ORIGIN);
      await primed.arrayBuffer();

      const hit = await cachedCopy(path, { headers: { Origin: "https://evil.example" } });
      expect(hit.headers.get("access-control-allow-origin")).toBeNull();
      expect(hit.headers.get("access-control-allow-credentials")).toBeNull();
      expect(hit.headers.get("set-cookie")).toBeNull();
      if (path.startsWith("/api/")) {
        expect(hit.headers.get("vary")).toMatch(/Origin/);
      } else {
        const nonce = nonceOf(hit);
        expect(nonce).toBeTruthy();
        expect(nonce).not.toBe(nonceOf(primed));
        const html = await hit.text();
        const nonces = new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));
        expect([...nonces]).toEqual([nonce]);
      }
    });
  }
});
