/**
 * Titles kept once the app has hydrated (the first HTML's titles, the seller's pages' included, are
 * held by tests/worker/page-documents.test.ts).
 */
import { expect, test } from "./support/fixtures";

test("unknown product and category pages keep their Page not found title once hydrated", async ({ page }) => {
  for (const path of ["/products/fruits/does-not-exist", "/products/no-such-category"]) {
    await page.goto(path);
    await page.waitForFunction(
      () => (window as unknown as { __reactRouterDataRouter?: { state: { initialized: boolean } } }).__reactRouterDataRouter?.state.initialized,
    );
    await expect(page, path).toHaveTitle("Page not found | GreenBasket");
  }
});
