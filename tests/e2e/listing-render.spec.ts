/**
 * A listing draws the product cards on screen first (ADR 056): a card off screen is laid out and
 * painted only as it scrolls near (`content-visibility: auto`), on a phone and on a desktop. It is
 * still in the page for the keyboard and screen readers, it takes the place it will need, and
 * drawing it shifts nothing.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { open } from "./support/app";

/** Whether the renderer draws this card's contents now (false while skipped off screen). */
function drawn(page: Page, index: number) {
  return page
    .locator("article.product-card")
    .nth(index)
    .evaluate((card) => card.querySelector("a")!.checkVisibility({ contentVisibilityAuto: true }));
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

    test("a card off screen is still in the page: named, and reached by Tab through the undrawn cards before it", async ({ page }) => {
      await open(page, "/products");
      const cards = page.locator("article.product-card");
      const last = cards.nth(19);
      // In the accessibility tree while undrawn: a screen reader's list of links names it.
      await expect(last.getByRole("link").first()).toHaveAccessibleName(/.+/);
      // From the first card, Tab alone walks every card in order to the last one's Add button.
      await cards.first().getByRole("link").first().focus();
      const add = last.getByRole("button", { name: /^Add .+ to cart$/ });
      for (let presses = 0; presses < 100 && !(await add.evaluate((button) => button === document.activeElement)); presses++) await page.keyboard.press("Tab");
      await expect(add).toBeFocused();
      await expect.poll(() => drawn(page, 19)).toBe(true);
      await expect(add).toBeInViewport();
    });
  });
}
