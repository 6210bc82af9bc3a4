/**
 * Walks every route the edge cache serves, against the production build: a cached answer never
 * replays a header that belongs to the caller who primed it (CORS, Set-Cookie, the CSP nonce).
 */
import type { APIResponse } from "@playwright/test";
import { APPLE } from "./support/app";
import { spaClientOrigin } from "./support/spa-client/serve";
import { expect, test } from "./support/fixtures";

const CACHED_ROUTES = [
  "/",
  "/products",
  "/products?search=tomato",
  `/products/${APPLE.category.toLowerCase()}`,
  `/products/${APPLE.category.toLowerCase()}/${APPLE.id}`,
  "/api/product/list",
];

function nonceOf(response: APIResponse): string | undefined {
  return response.headers()["content-security-policy"]?.match(/'nonce-([^']+)'/)?.[1];
}

test.describe("the edge cache", () => {
  for (const path of CACHED_ROUTES) {
    test(`replays no per-request header on ${path}`, async ({ request, baseURL }) => {
      const allowed = spaClientOrigin(Number(new URL(baseURL!).port));
      const primed = await request.get(path, { headers: { Origin: allowed } });
      expect(primed.status()).toBe(200);
      if (path.startsWith("/api/")) expect(primed.headers()["access-control-allow-origin"]).toBe(allowed);

      // The cache is written after the first answer: ask until a copy comes from it.
      let hit: APIResponse | undefined;
      await expect
        .poll(async () => {
          hit = await request.get(path, { headers: { Origin: "https://evil.example" } });
          return hit.headers()["x-edge-cache"];
        })
        .toMatch(/HIT|STALE/);
      const headers = hit!.headers();
      expect(headers["access-control-allow-origin"]).toBeUndefined();
      expect(headers["access-control-allow-credentials"]).toBeUndefined();
      expect(headers["set-cookie"]).toBeUndefined();
      if (path.startsWith("/api/")) {
        expect(headers["vary"]).toMatch(/Origin/);
      } else {
        const nonce = nonceOf(hit!);
        expect(nonce).toBeTruthy();
        expect(nonce).not.toBe(nonceOf(primed));
        const html = await hit!.text();
        const nonces = new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));
        expect([...nonces]).toEqual([nonce]);
      }
    });
  }
});
