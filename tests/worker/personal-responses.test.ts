/**
 * One rule for every answer that depends on a session (ADR 067): `Cache-Control: private,
 * no-store`, whatever the route said, so no shared cache and no browser cache keeps a person's
 * orders, addresses, invoices, cart or seller pages. The pages themselves are checked against the
 * production build in tests/e2e/personal-pages.spec.ts.
 */
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { isCacheable } from "@worker/edge-cache";
import { createFetchHandler } from "@worker/handler";
import { PERSONAL_COOKIES } from "@worker/web/personal-cookies";
import { call, ORIGIN } from "../support/http";
import { sellerLogin, WEBP } from "../support/seller";
import { signUp } from "../support/shoppers";

const PRIVATE = "private, no-store";

describe("answers that depend on a session are private and stored nowhere", () => {
  it("pages and their .data, the API and the seller's pages, for a signed-in shopper, the seller, a guest cart or a waiting message", async () => {
    const shopper = await signUp();
    const seller = await sellerLogin();
    const personal: [string, string][] = [
      ["/my-orders", shopper.cookie],
      ["/my-orders.data", shopper.cookie],
      ["/my-orders/some-order/invoice", shopper.cookie],
      ["/addresses", shopper.cookie],
      ["/addresses.data", shopper.cookie],
      ["/cart", shopper.cookie],
      ["/products", shopper.cookie],
      ["/api/user/is-auth", shopper.cookie],
      ["/api/order/user", shopper.cookie],
      ["/api/address/get", shopper.cookie],
      ["/seller/orders", seller],
      ["/seller/orders.data", seller],
      ["/seller/dashboard", seller],
      ["/api/order/seller", seller],
      ["/cart", "cart=p1%3A2"],
      ["/cart.data", "cart=p1%3A2"],
      ["/my-orders", "flash=anything"],
    ];
    for (const [path, cookie] of personal) {
      const response = await call(path, { headers: { Cookie: cookie } });
      expect(response.headers.get("cache-control"), `${path} with ${cookie.split("=")[0]}`).toBe(PRIVATE);
      await response.arrayBuffer();
    }
  });

  it("an answer that sets a cookie (a login) is private too", async () => {
    const shopper = await signUp();
    const login = await call("/api/user/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN },
      body: JSON.stringify({ email: shopper.email, password: shopper.password }),
    });
    expect(login.status).toBe(200);
    expect(login.headers.get("cache-control")).toBe(PRIVATE);
  });

  it("overrides what a page said about caching, for a person; says nothing for an anonymous visitor", async () => {
    // A page that (wrongly) calls itself public, and one that sets a cookie for an anonymous visitor.
    const worker = createFetchHandler(async (request) => {
      const headers = new Headers({ "Content-Type": "text/html", "Cache-Control": "public, max-age=600" });
      if (new URL(request.url).pathname === "/sets-cookie") headers.append("Set-Cookie", "pincode=560001; Path=/");
      return new Response("<p>Asha Rao, 12 Market Road, +91 98765 43210</p>", { headers });
    });
    const fetchPage = (path: string, cookie?: string) =>
      worker.fetch!(new Request(`${ORIGIN}${path}`, cookie ? { headers: { Cookie: cookie } } : {}) as never, env, createExecutionContext());
    expect((await fetchPage("/my-orders", "sid=whatever")).headers.get("cache-control")).toBe(PRIVATE);
    expect((await fetchPage("/seller/orders", "seller_sid=whatever")).headers.get("cache-control")).toBe(PRIVATE);
    expect((await fetchPage("/sets-cookie")).headers.get("cache-control")).toBe(PRIVATE);
    expect((await fetchPage("/contact-us")).headers.get("cache-control")).toBe("public, max-age=600");
  });

  it("pictures stay cacheable by anyone, whoever asks; the edge cache never stores a request that carries a personal cookie", async () => {
    const shopper = await signUp();
    await env.IMAGES.put("products/personal.webp", WEBP, { httpMetadata: { contentType: "image/webp" } });
    const picture = await call("/images/products/personal.webp", { headers: { Cookie: shopper.cookie } });
    expect(picture.status).toBe(200);
    expect(picture.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    await picture.arrayBuffer();
    for (const name of PERSONAL_COOKIES) {
      expect(isCacheable(new Request(`${ORIGIN}/products`, { headers: { Cookie: `${name}=x` } })), name).toBe(false);
    }
  });
});
