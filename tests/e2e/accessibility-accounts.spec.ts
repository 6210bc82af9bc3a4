import { APPLE, open } from "./support/app";
import { expectNoSeriousViolations } from "./support/axe";
import {
  addToCartFromProductPage,
  loginDialog,
  loginLink,
  openSellerPage,
  orderCards,
  placeCodOrderFromCart,
  waitForSellerLoginForm,
} from "./support/accounts";
import { expect, test } from "./support/fixtures";

test.describe("accessibility of the account and seller pages (axe: no serious or critical violations)", () => {
  test("My Orders with an order", async ({ page, address: _ }) => {
    await addToCartFromProductPage(page, APPLE, { signedIn: true });
    await placeCodOrderFromCart(page);
    await expect(orderCards(page)).toHaveCount(1);
    await expectNoSeriousViolations(page, "/my-orders");
  });

  test("the add-address page", async ({ page, address: _ }) => {
    await open(page, "/add-address");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add Shipping Address");
    await expectNoSeriousViolations(page, "/add-address");
  });

  test("the address book and the edit form", async ({ page, address }) => {
    await open(page, "/addresses");
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(1);
    await expectNoSeriousViolations(page, "/addresses");
    await page
      .getByRole("main")
      .getByRole("link", { name: `Edit the address of ${address.firstName} ${address.lastName}, ${address.street}` })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit address");
    await expectNoSeriousViolations(page, "/addresses/:id/edit");
  });

  test("the login dialog, open", async ({ page }) => {
    await open(page, "/");
    await loginLink(page).click();
    await expect(loginDialog(page)).toBeVisible();
    await expectNoSeriousViolations(page, "the login dialog");
    await loginDialog(page).getByRole("link", { name: "Sign up", exact: true }).click();
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
    ["/seller/settings", "Store settings"],
    ["/seller/products/import", "Import products"],
  ] as const) {
    test(`the seller's ${heading} page`, async ({ sellerPage }) => {
      await openSellerPage(sellerPage, path);
      await expect(sellerPage.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expectNoSeriousViolations(sellerPage, path);
    });
  }

  test("the seller's import preview, with a refused row (nothing is written)", async ({ sellerPage }) => {
    await openSellerPage(sellerPage, "/seller/products/import");
    const file = "id,name,category,price,offer_price\nno-such-product,Ghost Gourd,Vegetables,10,9\n";
    await sellerPage.getByLabel("CSV file").setInputFiles({ name: "products.csv", mimeType: "text/csv", buffer: Buffer.from(file) });
    await sellerPage.getByRole("button", { name: "Preview import" }).click();
    await expect(sellerPage.getByRole("row").filter({ hasText: "Ghost Gourd" })).toContainText("No product has the id no-such-product");
    await expectNoSeriousViolations(sellerPage, "the import preview");
  });

  test("the seller's Orders page, with an order to act on", async ({ page: shopperPage, shopper, address: _, sellerPage }) => {
    await addToCartFromProductPage(shopperPage, APPLE, { signedIn: true });
    await placeCodOrderFromCart(shopperPage);

    await openSellerPage(sellerPage, "/seller/orders");
    const order = sellerPage.getByRole("article").filter({ hasText: shopper.email });
    await expect(order.getByRole("button", { name: "Mark Packed" })).toBeVisible();
    await expectNoSeriousViolations(sellerPage, "/seller/orders");
  });
});
