import { describe, expect, it } from "vitest";
import { call, json, ORIGIN } from "../support/http";
import { sellerLogin } from "../support/seller";
import { signUp } from "../support/shoppers";

describe("cross-site state changes are refused (403)", () => {
  it("refuses JSON, form and text/plain posts from another site even with a valid cookie", async () => {
    const shopper = await signUp();
    const attempts: RequestInit[] = [
      { headers: { "Content-Type": "application/json", Origin: "https://evil.example" }, body: JSON.stringify({ cartItems: {} }) },
      { headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" }, body: "cartItems=x" },
      { headers: { "Content-Type": "text/plain", Origin: "null" }, body: '{"cartItems":{}}' },
      { headers: { "Content-Type": "text/plain", "Sec-Fetch-Site": "cross-site" }, body: '{"cartItems":{}}' },
    ];
    for (const init of attempts) {
      const response = await call("/api/cart/update", { ...init, method: "POST", headers: { ...(init.headers as object), Cookie: shopper.cookie } });
      expect(response.status).toBe(403);
      expect(await json(response)).toEqual({ success: false, msg: "Cross-site requests are not allowed", message: "Cross-site requests are not allowed" });
    }
  });

  it("refuses cross-site page form posts too", async () => {
    const response = await call("/logout", { method: "POST", headers: { Origin: "https://evil.example" } });
    expect(response.status).toBe(403);
    await response.text();
  });

  it("the spec's GET logouts (shopper and seller) refuse a cross-site request: 403, the session stays; from this site they log out", async () => {
    const shopper = await signUp();
    const seller = await sellerLogin();
    const crossSite: Record<string, string>[] = [{ "Sec-Fetch-Site": "cross-site" }, { "Sec-Fetch-Site": "same-site" }, { Origin: "https://evil.example" }];
    for (const [path, cookie] of [
      ["/api/user/logout", shopper.cookie],
      ["/api/seller/logout", seller],
    ] as const) {
      for (const headers of crossSite) {
        for (const method of ["GET", "HEAD"]) {
          const response = await call(path, { method, headers: { ...headers, Cookie: cookie } });
          expect(response.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(403);
          expect(response.headers.getSetCookie()).toEqual([]);
          await response.arrayBuffer();
        }
      }
    }
    expect((await call("/api/user/is-auth", { headers: { Cookie: shopper.cookie } })).status).toBe(200);
    expect((await call("/api/seller/is-auth", { headers: { Cookie: seller } })).status).toBe(200);

    expect((await call("/api/user/logout", { headers: { "Sec-Fetch-Site": "same-origin", Cookie: shopper.cookie } })).status).toBe(200);
    expect((await call("/api/seller/logout", { headers: { Cookie: seller } })).status).toBe(200);
    expect((await call("/api/user/is-auth", { headers: { Cookie: shopper.cookie } })).status).toBe(401);
    expect((await call("/api/seller/is-auth", { headers: { Cookie: seller } })).status).toBe(401);
  });

  it("lets same-origin requests through", async () => {
    const response = await call("/api/newsletter/subscribe", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" },
      body: JSON.stringify({ email: "same@example.com" }),
    });
    expect(response.status).toBe(201);
  });
});
