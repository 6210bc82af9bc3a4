/**
 * A listing draws the product cards on screen first (ADR 056): a card off screen is laid out and
 * painted only as it scrolls near (`content-visibility: auto`), on a phone and on a desktop. It is
 * still in the page for keyboards, screen readers and search, it takes the place it will need, and
 * drawing it shifts nothing.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { open } from "./support/app";

/** Whether the renderer draws this card's contents now (false while skipped off screen). */
function drawn(page: Page, index: number) {
  return page.locator("article.product-card").nth(index).evaluate((card) => card.querySelector("a")!.checkVisibility({ contentVisibilityAuto: true }));
}

/** The page's layout shifts so far (the Cumulative Layout Shift score's entries). */
function layoutShift(page: Page) {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number }[]) total += entry.value;
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(total), 100);
      }),
  );
}

for (const [device, viewport] of [
  ["phone @mobile", { width: 390, height: 844 }],
  ["desktop", { width: 1280, height: 800 }],
] as const) {
  test.describe(`a listing's cards on a ${device}`, () => {
    test.use({ viewport });
    const phone = device !== "desktop";

    test("cards off screen wait to be drawn; scrolled to, they are, and nothing shifts", async ({ page }) => {
      await open(page, "/products");
      const cards = page.locator("article.product-card");
      await expect(cards).toHaveCount(20);
      expect(await drawn(page, 0)).toBe(true);
      // A phone's first screen holds a few cards; a desktop's is near enough to all four rows to draw them.
      expect(await drawn(page, 19)).toBe(!phone);

      const last = cards.nth(19);
      await last.scrollIntoViewIfNeeded();
      await expect.poll(() => drawn(page, 19)).toBe(true);
      await expect(last.getByRole("link").first()).toBeVisible();
      // On a phone the first screen's cards, off screen now, are put away again.
      if (phone) await expect.poll(() => drawn(page, 0)).toBe(false);
      expect(await layoutShift(page)).toBe(0);
    });

    test("a card off screen is still in the page: found by its name, reached by the keyboard", async ({ page }) => {
      await open(page, "/products");
      const last = page.locator("article.product-card").nth(19);
      // In the accessibility tree while undrawn: a screen reader's list of links names it.
      const link = last.getByRole("link").first();
      await expect(link).toHaveAccessibleName(/.+/);
      const add = last.getByRole("button", { name: /^Add .+ to cart$/ });
      await add.focus();
      await expect(add).toBeFocused();
      await expect.poll(() => drawn(page, 19)).toBe(true);
      await expect(add).toBeInViewport();
    });
  });
}
