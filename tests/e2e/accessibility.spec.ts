import { APPLE, expectCartCount, open } from "./support/app";
import { expectNoSeriousViolations } from "./support/axe";
import { checkPincode, deliveryChip } from "./support/delivery";
import { openSellerPage } from "./support/accounts";
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

  test("home with the Deliver to panel open and a pincode checked", async ({ page }) => {
    await open(page, "/");
    await checkPincode(page, "400001");
    await deliveryChip(page).click();
    await expect(page.getByRole("banner").getByLabel("Delivery pincode")).toBeVisible();
    await expectNoSeriousViolations(page, "the Deliver to panel");
  });

  test("the /delivery page", async ({ page }) => {
    await open(page, "/delivery");
    await expectNoSeriousViolations(page, "/delivery");
  });

  test("seller dashboard, its table of sales per day open", async ({ sellerPage }) => {
    await openSellerPage(sellerPage, "/seller/dashboard");
    await sellerPage.getByText("Sales per day as a table").click();
    await expect(sellerPage.getByTestId("sales-table")).toBeVisible();
    await expectNoSeriousViolations(sellerPage, "/seller/dashboard");
  });

  test("404 pages: an unknown address, an unknown product", async ({ page }) => {
    // Their titles and statuses: tests/worker/page-documents.test.ts.
    for (const path of ["/no-such-page", "/products/fruits/does-not-exist"]) {
      await open(page, path);
      await expectNoSeriousViolations(page, path);
    }
  });

  for (const [what, path] of [
    ["close matches", "/products?search=aple"],
    ["no match", "/products?search=durian"],
    ["no match in a category", "/products?search=tomato&category=Dairy"],
    ["filtered and sorted", "/products?category=Fruits&sort=price-desc"],
  ]) {
    test(`search: ${what}`, async ({ page }) => {
      await open(page, path!);
      await expectNoSeriousViolations(page, path!);
    });
  }

  test("the search box with its suggestions open", async ({ page }) => {
    await open(page, "/");
    const box = page.getByRole("search").getByRole("combobox", { name: "Search products" });
    await box.click();
    await box.pressSequentially("aloo");
    await expect(page.getByRole("listbox", { name: "Suggestions" }).getByRole("option")).toHaveCount(1);
    await box.press("ArrowDown");
    await expectNoSeriousViolations(page, "the open typeahead");
  });

  test("the phone's search box and open menu @mobile", async ({ page }) => {
    await open(page, "/");
    await page.getByLabel("Menu", { exact: true }).tap();
    await expectNoSeriousViolations(page, "/ on a phone, menu open");
  });

  test("the seller's search words", async ({ sellerPage }) => {
    await openSellerPage(sellerPage, "/seller/search-words");
    await expectNoSeriousViolations(sellerPage, "/seller/search-words");
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
