/**
 * Every redirect target that comes from the request (`/loader?next=`, `redirectTo` of GET /login,
 * of the POST /login form and of POST /cart) stays on this site, including targets that only name
 * another host once the URL is normalised ("/.//evil.example" becomes "//evil.example").
 * Raw HTTP, no browser: what matters is the Location header and the meta refresh the server writes.
 */
import type { APIRequestContext } from "@playwright/test";
import { APPLE } from "./support/app";
import { newShopper, SHOPPER_PASSWORD } from "./support/accounts";
import { expect, test } from "./support/fixtures";

/** Targets that become protocol-relative ("//evil.example") after normalisation, and older tricks. */
const HOSTILE = [
  "/.//evil.example",
  "/..//evil.example",
  "/%2e//evil.example",
  "/a/..//evil.example",
  "//evil.example",
  "/\\evil.example",
  "https://evil.example",
];

/** Where a browser on `origin` would go for this Location (or meta refresh URL). */
function destination(location: string, origin: string): URL {
  return new URL(location, `${origin}/somewhere`);
}

async function register(request: APIRequestContext, origin: string, title: string) {
  const shopper = newShopper(test.info(), title);
  const response = await request.post("/api/user/register", {
    data: { name: "Red Irect", email: shopper.email, password: SHOPPER_PASSWORD },
    headers: { Origin: origin },
  });
  expect(response.status()).toBe(201);
  return shopper;
}

test.describe("redirect targets stay on this site", () => {
  test("/loader?next= writes a local URL into its refresh", async ({ request }) => {
    for (const next of HOSTILE) {
      const response = await request.get(`/loader?next=${encodeURIComponent(next)}`);
      expect(response.status(), next).toBe(200);
      const refresh = (await response.text()).match(/http-equiv="refresh" content="\d+;url=([^"]*)"/)?.[1];
      expect(refresh, next).toBe("/");
    }
    const local = await (await request.get(`/loader?next=${encodeURIComponent("/products?search=tomato")}`)).text();
    expect(local).toContain('content="5;url=/products?search=tomato"');
  });

  test("GET /login?redirectTo= of a signed-in shopper", async ({ request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    await register(request, origin, "Signed In");
    for (const target of HOSTILE) {
      const response = await request.get(`/login?redirectTo=${encodeURIComponent(target)}`, { maxRedirects: 0 });
      expect(response.status(), target).toBe(302);
      expect(destination(response.headers()["location"]!, origin).origin, target).toBe(origin);
      expect(response.headers()["location"], target).toBe("/");
    }
  });

  test("the POST /login form's redirectTo", async ({ playwright, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const setup = await playwright.request.newContext({ baseURL });
    const shopper = await register(setup, origin, "Form Login");
    await setup.dispose();
    for (const target of HOSTILE) {
      const request = await playwright.request.newContext({ baseURL });
      const response = await request.post("/login", {
        form: { intent: "login", email: shopper.email, password: SHOPPER_PASSWORD, redirectTo: target },
        headers: { Origin: origin },
        maxRedirects: 0,
      });
      expect(response.status(), target).toBe(302);
      expect(response.headers()["location"], target).toBe("/");
      await request.dispose();
    }
  });

  test("POST /cart?redirectTo= (the no-JavaScript cart buttons)", async ({ request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    for (const target of HOSTILE) {
      // As a browser posts the form without JavaScript.
      const response = await request.post(`/cart?redirectTo=${encodeURIComponent(target)}`, {
        form: { intent: "add", productId: APPLE.id },
        headers: { Origin: origin, "Sec-Fetch-Dest": "document" },
        maxRedirects: 0,
      });
      expect(response.status(), target).toBe(303);
      expect(response.headers()["location"], target).toBe("/");
    }
    const local = await request.post(`/cart?redirectTo=${encodeURIComponent("/products/fruits")}`, {
      form: { intent: "add", productId: APPLE.id },
      headers: { Origin: origin, "Sec-Fetch-Dest": "document" },
      maxRedirects: 0,
    });
    expect(local.headers()["location"]).toBe("/products/fruits");
  });
});
