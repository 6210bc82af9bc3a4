import { APPLE, expectCartCount, open } from "./support/app";
import { expectNoSeriousViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";

test.describe("accessibility (axe: no serious or critical violations)", () => {
  test("home", async ({ page }) => {
    await open(page, "/");
    await expectNoSeriousViolations(page, "/");
  });

  test("all products", async ({ page }) => {
    await open(page, "/products");
    await expectNoSeriousViolations(page, "/products");
  });

  test("product page", async ({ page }) => {
    await open(page, `/products/fruits/${APPLE.id}`);
    await expectNoSeriousViolations(page, "the product page");
  });

  test("cart with a product", async ({ page }) => {
    await open(page, `/products/fruits/${APPLE.id}`);
    await page.getByRole("button", { name: "Buy now" }).click();
    await page.waitForURL("/cart");
    await expectCartCount(page, 1);
    await expectNoSeriousViolations(page, "/cart");
  });

  test("404 page", async ({ page }) => {
    await open(page, "/no-such-page");
    await expectNoSeriousViolations(page, "the 404 page");
  });

  test("unknown product and category pages (404s, titled)", async ({ page }) => {
    for (const path of ["/products/fruits/does-not-exist", "/products/no-such-category", `/products/vegetables/${APPLE.id}`]) {
      await open(page, path);
      await expectNoSeriousViolations(page, path);
    }
  });

  test("/loader, the page after a card payment", async ({ page }) => {
    // The pause's navigation is held at its data request (never answered), so the page stays what
    // axe reads however long axe takes (axe's own timers need the page clock running).
    await page.route(/\.data(\?|$)/, () => undefined);
    await open(page, "/loader?next=/products");
    await expectNoSeriousViolations(page, "/loader");
    await expect(page).toHaveURL("/loader?next=/products");
  });
});
