import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { isCacheable, withEdgeCache } from "../../worker/edge-cache";
import { insertProduct } from "../support/builders";
import { call, json, postJson } from "../support/http";
import { sellerLogin } from "../support/seller";
import { signUp } from "../support/shoppers";

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
    const first = await through(new Request(url), async () =>
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
