import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

/** The loader page waits 5 s before it moves on; without JavaScript, allow up to 8 s. */
const WAIT_MS = 8_000;
/**
 * With JavaScript the page's timer restarts when it hydrates (React appends a second
 * <meta http-equiv="refresh"> because the route's meta uses the "http-equiv" key, not httpEquiv),
 * and hydration comes late on a busy CI machine: give those runs more room. What is asserted is
 * that the page pauses and where it ends, not an upper bound on the pause.
 */
const HYDRATED_WAIT_MS = 15_000;

/** Record (and block) every request that leaves the app's origin. */
async function guardOrigin(context: BrowserContext, origin: string): Promise<string[]> {
  const escaped: string[] = [];
  await context.route(
    (url) => url.origin !== origin,
    (route) => {
      escaped.push(route.request().url());
      return route.abort();
    },
  );
  return escaped;
}

async function expectLandsHome(page: Page, origin: string, path: string, timeout = HYDRATED_WAIT_MS) {
  // The waiting page is read from its HTML, not from the screen: on a loaded machine the page can
  // finish loading after its 5 s timer has already moved it on.
  const served = await page.request.get(path, { maxRedirects: 0 });
  expect(served.status(), path).toBe(200);
  expect(await served.text(), path).toContain("Just a moment, taking you back to the store…");
  await page.goto(path, { waitUntil: "commit" });
  // "commit": with JavaScript on, the meta refresh and the app's own timer race to the same URL.
  await page.waitForURL((url) => url.origin === origin && url.pathname === "/", { timeout, waitUntil: "commit" });
  const final = new URL(page.url());
  expect(final.origin, path).toBe(origin);
  expect(final.pathname, path).toBe("/");
  await expect(page.getByRole("heading", { level: 1 }), path).toHaveText("Freshness You Can Trust, Savings You Will Love!");
}

const HOSTILE = [
  "/loader?next=//elsewhere.example",
  `/loader?next=${encodeURIComponent("https://evil.example")}`,
  `/loader?next=${encodeURIComponent("/\\evil.example")}`,
  "/loader?next=/\\evil.example",
  "/loader?next=%2F%2Fevil.example",
  `/loader?next=${encodeURIComponent("%2F%2Fevil.example")}`,
  `/loader?next=${encodeURIComponent("javascript:alert(1)")}`,
  `/loader?next=${encodeURIComponent("/\t/evil.example")}`,
  "/loader",
];

test.describe("the loader page", () => {
  test("moves on to a local next after about 5 s", async ({ page, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    // "commit": the status is checked as soon as the page arrives, well inside its 5 s pause, and
    // the pause is timed from the request.
    const started = Date.now();
    await page.goto("/loader?next=/products", { waitUntil: "commit" });
    await expect(page.getByRole("status").filter({ hasText: "Just a moment" })).toBeVisible();
    await page.waitForURL((url) => url.pathname === "/products", { timeout: HYDRATED_WAIT_MS, waitUntil: "commit" });
    const waited = Date.now() - started;
    expect(new URL(page.url()).origin).toBe(origin);
    // Not straight away: the pause is part of the page's job.
    expect(waited).toBeGreaterThan(3_500);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("All Products");
  });

  // Three at a time, in parallel pages: each waits its 5 s at the same time as the others.
  for (let i = 0; i < HOSTILE.length; i += 3) {
    const group = HOSTILE.slice(i, i + 3);
    test(`hostile next values end on this site at /: ${group.join("  ")}`, async ({ context, baseURL }) => {
      const origin = new URL(baseURL!).origin;
      const escaped = await guardOrigin(context, origin);
      let dialogs = 0;
      context.on("page", (p) => p.on("dialog", (d) => (dialogs++, d.dismiss())));
      const pages = await Promise.all(group.map(() => context.newPage()));
      const results = await Promise.allSettled(group.map((path, j) => expectLandsHome(pages[j]!, origin, path)));
      for (const [j, result] of results.entries()) {
        expect.soft(result.status === "rejected" ? String(result.reason) : "ok", group[j]).toBe("ok");
      }
      expect(escaped, "requests that left the site").toEqual([]);
      expect(dialogs, "javascript: URLs must not run").toBe(0);
    });
  }

  test("without JavaScript the meta refresh goes to a local next, and a hostile one ends at /", async ({ browser, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const context = await browser.newContext({ javaScriptEnabled: false });
    const escaped = await guardOrigin(context, origin);
    const [local, hostile] = await Promise.all([context.newPage(), context.newPage()]);

    await Promise.all([
      (async () => {
        await local.goto("/loader?next=/products?search=tomato");
        await local.waitForURL((url) => url.pathname === "/products", { timeout: WAIT_MS, waitUntil: "commit" });
        expect(new URL(local.url()).search).toBe("?search=tomato");
        await expect(local.getByRole("heading", { name: "Tomato 1 kg" })).toBeVisible();
      })(),
      expectLandsHome(hostile, origin, "/loader?next=//elsewhere.example", WAIT_MS),
    ]);
    expect(escaped).toEqual([]);
    await context.close();
  });
});
