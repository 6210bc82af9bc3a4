import { expect, test } from "./support/fixtures";

test.describe("unknown pages are real 404s", () => {
  // Each unknown page's 404, title and heading: tests/worker/page-documents.test.ts.
  test("the 404 page's way back leads to the shop", async ({ page }) => {
    const response = await page.goto("/products/fruits/does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await page.getByRole("link", { name: "Back to the shop" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Freshness You Can Trust, Savings You Will Love!");
  });

  test("a client-side link to an unknown page shows the 404 page too", async ({ page }) => {
    await page.goto("/privacy-policy");
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    await page.evaluate(() =>
      (window as unknown as { __reactRouterDataRouter: { navigate(to: string): void } }).__reactRouterDataRouter.navigate("/no-such-page"),
    );
    await expect(page).toHaveURL("/no-such-page");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  });
});
