import { expect, test } from "@playwright/test";
import { APPLE, open } from "./support/app";
import { expectNoSeriousViolations } from "./support/axe";
import {
  addToCartFromProductPage,
  loginDialog,
  loginLink,
  openSellerPage,
  orderCards,
  placeCodOrderFromCart,
  sellerPage,
  shopperPage,
  shopperWithAddress,
  waitForSellerLoginForm,
} from "./support/accounts";

test.describe("accessibility of the account and seller pages (axe: no serious or critical violations)", () => {
  test("My Orders with an order", async ({ page }, testInfo) => {
    await shopperWithAddress(page, testInfo);
    await addToCartFromProductPage(page, APPLE, { signedIn: true });
    await placeCodOrderFromCart(page);
    await expect(orderCards(page)).toHaveCount(1);
    await expectNoSeriousViolations(page, "/my-orders");
  });

  test("the add-address page", async ({ page }, testInfo) => {
    await shopperWithAddress(page, testInfo);
    await open(page, "/add-address");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add Shipping Address");
    await expectNoSeriousViolations(page, "/add-address");
  });

  test("the login dialog, open", async ({ page }) => {
    await open(page, "/");
    await loginLink(page).click();
    await expect(loginDialog(page)).toBeVisible();
    await expectNoSeriousViolations(page, "the login dialog");
    await loginDialog(page).getByRole("button", { name: "click here" }).click();
    await expect(loginDialog(page).getByRole("heading", { name: "User Sign Up" })).toBeVisible();
    await expectNoSeriousViolations(page, "the sign-up form in the login dialog");
  });

  test("the seller login form", async ({ page }) => {
    await page.goto("/seller");
    await waitForSellerLoginForm(page);
    await expectNoSeriousViolations(page, "the seller login form");
  });

  for (const [path, heading] of [
    ["/seller", "Add Product"],
    ["/seller/product-list", "All Products"],
  ] as const) {
    test(`the seller's ${heading} page`, async ({ browser }) => {
      const seller = await sellerPage(browser);
      await openSellerPage(seller.page, path);
      await expect(seller.page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expectNoSeriousViolations(seller.page, path);
      await seller.context.close();
    });
  }

  test("the seller's Orders page, with an order to act on", async ({ browser }, testInfo) => {
    const shopper = await shopperPage(browser);
    const { shopper: account } = await shopperWithAddress(shopper.page, testInfo);
    await addToCartFromProductPage(shopper.page, APPLE, { signedIn: true });
    await placeCodOrderFromCart(shopper.page);
    await shopper.context.close();

    const seller = await sellerPage(browser);
    await openSellerPage(seller.page, "/seller/orders");
    const order = seller.page.getByRole("article").filter({ hasText: account.email });
    await expect(order.getByRole("button", { name: "Mark Packed" })).toBeVisible();
    await expectNoSeriousViolations(seller.page, "/seller/orders");
    await seller.context.close();
  });
});
