import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { checkSellerLogin, DEMO_SELLER_PASSWORD } from "@worker/services/seller-auth";
import { insertProduct } from "../support/builders";
import { call, freshIp, json, postJson } from "../support/http";
import { addAddress, signUp } from "../support/shoppers";
import { expectErrorsLogged } from "../support/console";

describe("CORS for other front ends", () => {
  it("answers the allow-listed origin's preflight with credentials, and lets its JSON calls through", async () => {
    const preflight = await call("/api/cart/update", {
      method: "OPTIONS",
      headers: { Origin: "https://partner.example", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("https://partner.example");
    expect(preflight.headers.get("access-control-allow-credentials")).toBe("true");

    const shopper = await signUp();
    const response = await postJson("/api/cart/update", { cartItems: {} }, { Origin: "https://partner.example", Cookie: shopper.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("https://partner.example");
  });

  it("gives other origins no CORS headers and refuses their writes", async () => {
    const preflight = await call("/api/cart/update", {
      method: "OPTIONS",
      headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "POST" },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    const shopper = await signUp();
    expect((await postJson("/api/cart/update", { cartItems: {} }, { Origin: "https://evil.example", Cookie: shopper.cookie })).status).toBe(403);
  });
});

describe("transport", () => {
  it("huge headers are refused with 413 and a short JSON error", async () => {
    const response = await call("/api/product/list", { headers: { "X-Padding": "x".repeat(40_000) } });
    expect(response.status).toBe(413);
    expect(await json(response)).toEqual({ success: false, msg: "Request headers too large", message: "Request headers too large" });
  });

  it("API answers carry nosniff, no-store and a deny-all CSP", async () => {
    const response = await call("/api/order/user");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    await response.arrayBuffer();
  });

  it("the session cookie is Secure on https, and HSTS is sent there", async () => {
    const response = await call("https://localhost:8787/api/user/register", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://localhost:8787", ...freshIp() },
      body: JSON.stringify({ name: "Sec", email: "secure@example.com", password: "a long passphrase" }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.getSetCookie().find((c) => c.startsWith("sid="))).toContain("Secure");
    expect(response.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
  });

  it("a userId in a query string is ignored: only the caller's orders show", async () => {
    const apple = await insertProduct();
    const victim = await signUp();
    const victimAddress = await addAddress(victim);
    await postJson("/api/order/cod", { items: [{ product: apple.id, quantity: 1 }], address: victimAddress }, { Cookie: victim.cookie });
    const attacker = await signUp();
    const list = await json<{ orders: unknown[] }>(await call(`/api/order/user?userId=${victim.id}`, { headers: { Cookie: attacker.cookie } }));
    expect(list.orders).toEqual([]);
  });
});

describe("no default seller password in production", () => {
  it("refuses the demo or a short password when the store is served over https", () => {
    expectErrorsLogged("Seller login refused: set a strong SELLER_PASSWORD secret (the demo or a short one is not allowed in production)");
    const production = { SELLER_EMAIL: "owner@shop.example", APP_URL: "https://shop.example" };
    for (const password of [DEMO_SELLER_PASSWORD, "short"]) {
      expect(() => checkSellerLogin({ ...production, SELLER_PASSWORD: password }, { email: "owner@shop.example", password })).toThrow(
        expect.objectContaining({ status: 503 }),
      );
    }
    expect(() =>
      checkSellerLogin({ ...production, SELLER_PASSWORD: "a-long-real-secret-123" }, { email: "owner@shop.example", password: "a-long-real-secret-123" }),
    ).not.toThrow();
    // Locally (http) the demo password works, as README promises.
    expect(() =>
      checkSellerLogin({ ...env, SELLER_PASSWORD: DEMO_SELLER_PASSWORD }, { email: env.SELLER_EMAIL, password: DEMO_SELLER_PASSWORD }),
    ).not.toThrow();
  });
});

describe("the last-resort handler", () => {
  it("answers 500 without details when something unexpected breaks, and logs it", async () => {
    expectErrorsLogged("Unhandled error");
    const { createFetchHandler } = await import("@worker/handler");
    const broken = createFetchHandler(async () => {
      throw new Error("secret internals: db password");
    });
    const response = await broken.fetch!(new Request("http://localhost:8787/somewhere") as never, env, {
      waitUntil() {},
      passThroughOnException() {},
    } as never);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).toBe("Something went wrong. Please try again.");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("without Stripe keys", () => {
  it("online payment explains it is unavailable (503) and cash on delivery still works", async () => {
    const { api } = await import("@worker/api");
    const noStripe = { ...env, STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined };
    const apple = await insertProduct();
    const shopper = await signUp();
    const address = await addAddress(shopper);
    const post = (path: string) =>
      api.fetch(
        new Request(`http://localhost:8787${path}`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Cookie: shopper.cookie },
          body: JSON.stringify({ items: [{ product: apple.id, quantity: 1 }], address }),
        }),
        noStripe,
        { waitUntil() {}, passThroughOnException() {} } as never,
      );
    const online = await post("/api/order/stripe");
    expect(online.status).toBe(503);
    expect((await json<{ msg: string }>(online)).msg).toMatch(/Online payment is not available/);
    expect((await post("/api/order/cod")).status).toBe(201);
  });
});
