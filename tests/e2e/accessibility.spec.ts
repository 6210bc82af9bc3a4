import { openSellerPage } from "./support/accounts";
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

  test("seller dashboard, its table of sales per day open", async ({ sellerPage }) => {
    await openSellerPage(sellerPage, "/seller/dashboard");
    await sellerPage.getByText("Sales per day as a table").click();
    await expect(sellerPage.getByTestId("sales-table")).toBeVisible();
    await expectNoSeriousViolations(sellerPage, "/seller/dashboard");
  });

  test("404 page", async ({ page }) => {
    await open(page, "/no-such-page");
    await expectNoSeriousViolations(page, "the 404 page");
  });
});
