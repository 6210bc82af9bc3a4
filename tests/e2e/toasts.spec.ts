/**
 * Toasts: identical ones merge, a success replaces a stale error, a phone shows at most three and
 * never over the top bar (nor over the cart bar); the spec's timings are the store's
 * (tests/worker/toast-store.test.ts). On a desktop and (tagged @mobile) on a 390 px phone.
 */
import type { Page } from "@playwright/test";
import { APPLE, TOMATO, expectCartCount, open, productCard, stopPageClock, uniqueEmail, waitForHydration } from "./support/app";
import { logInThroughDialog, loginDialog, loginLink, logoutByApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";

/** The toasts on screen (the Toaster's live region holds one element per toast). */
const toasts = (page: Page) =>
  page
    .getByRole("status")
    .filter({ has: page.getByRole("button", { name: "Dismiss" }) })
    .locator(":scope > div");
const visibleToasts = (page: Page) => toasts(page).filter({ visible: true });

for (const device of ["desktop", "phone @mobile"] as const) {
  const phone = device !== "desktop";

  test.describe(`toasts on a ${device}`, () => {
    test("five taps of + say 'Added To Cart' once", async ({ page }) => {
      await open(page, "/products");
      const card = productCard(page, APPLE.name);
      await card.getByRole("button", { name: `Add ${APPLE.name} to cart` }).click();
      for (let i = 0; i < 4; i++) await card.getByRole("button", { name: `Add one more ${APPLE.name}` }).click();
      await expectCartCount(page, 5);
      await expect(page.getByRole("status").getByText("Added To Cart")).toHaveCount(1);
    });

    test("a tap on a toast's words reaches the page under it; only Dismiss is the toast's", async ({ page }) => {
      await open(page, "/products");
      await productCard(page, APPLE.name)
        .getByRole("button", { name: `Add ${APPLE.name} to cart` })
        .click();
      const words = page.getByRole("status").getByText("Added To Cart");
      await expect(words).toBeVisible();
      const hit = async (target: typeof words) =>
        target.evaluate((el) => {
          const box = el.getBoundingClientRect();
          const under = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
          return under?.closest(".toaster") ? "toast" : "page";
        });
      expect(await hit(words)).toBe("page");
      expect(await hit(page.getByRole("status").getByRole("button", { name: "Dismiss" }))).toBe("toast");
      // Dismiss is a thumb's target: at least 24 × 24 px (WCAG 2.5.8).
      const dismiss = (await page.getByRole("status").getByRole("button", { name: "Dismiss" }).boundingBox())!;
      expect(Math.min(dismiss.width, dismiss.height)).toBeGreaterThanOrEqual(24);
    });

    test(`${phone ? "the newest three" : "all of them"} on screen, clear of the top bar${phone ? " and the cart bar" : ""}`, async ({ page }) => {
      // Time stands still: no toast leaves while the four are made.
      await stopPageClock(page.clock);
      await page.goto("/");
      await waitForHydration(page, "header", { clockStopped: true });
      const email = uniqueEmail("toasts");
      const newsletter = page.getByRole("textbox", { name: "Your e-mail address" });
      const subscribe = page.getByRole("button", { name: "Subscribe" });
      await newsletter.fill(email);
      await subscribe.click();
      await expect(toasts(page).filter({ hasText: "Subscribed!" })).toHaveCount(1);
      await expect(subscribe).toBeEnabled();
      await newsletter.fill(email);
      await subscribe.click();
      await expect(toasts(page).filter({ hasText: "You are already subscribed." })).toHaveCount(1);
      // The form's answer has been applied to the page (its revalidation too) before the cart changes.
      await expect(subscribe).toBeEnabled();
      const card = productCard(page, TOMATO.name);
      await card.getByRole("button", { name: `Add ${TOMATO.name} to cart` }).click();
      await card.getByRole("button", { name: `Add one more ${TOMATO.name}` }).click();
      await card.getByRole("button", { name: `Remove one ${TOMATO.name}` }).click();
      await expect(toasts(page)).toHaveCount(4);

      const shown = visibleToasts(page);
      await expect(shown).toHaveCount(phone ? 3 : 4);
      await expect(shown.last()).toContainText("Removed From Cart");
      if (phone) await expect(shown.first()).toContainText("You are already subscribed.");

      const header = (await page.locator("header").boundingBox())!;
      for (const toast of await shown.all()) {
        const box = (await toast.boundingBox())!;
        expect(box.y, "below the top bar").toBeGreaterThanOrEqual(header.y + header.height);
        if (phone) {
          const bar = (await page.getByRole("link", { name: /^View cart \d/ }).boundingBox())!;
          expect(box.y + box.height, "above the cart bar").toBeLessThanOrEqual(bar.y);
        }
      }
    });

    test("a login's welcome replaces the error of the failed attempt before it", async ({ page, shopper }) => {
      await logoutByApi(page);
      await open(page, "/products");
      if (phone) await page.getByLabel("Menu", { exact: true }).tap();
      await loginLink(page).filter({ visible: true }).click();
      await logInThroughDialog(page, { email: shopper.email, password: "not-the-right-one" });
      await expect(page.getByRole("status").getByText("Invalid email or password")).toBeVisible();
      const dialog = loginDialog(page);
      await dialog.getByLabel("Password").fill(shopper.password);
      await dialog.getByRole("button", { name: "Login", exact: true }).click();
      await expect(page.getByRole("status").getByText(`Welcome back, ${shopper.name.split(" ")[0]}!`)).toBeVisible();
      await expect(page.getByRole("status").getByText("Invalid email or password")).toHaveCount(0);
      await expect(page).toHaveURL("/products");
    });
  });
}
