import {
  APPLE,
  RICE,
  cartLink,
  expectCartCount,
  expectedTotals,
  holdCartPosts,
  open,
  orderSummary,
  productCard,
  reload,
  rupees,
  summaryValue,
} from "./support/app";
import { expect, test } from "./support/fixtures";

test.describe("browse a category and buy a product", () => {
  test("home → Fresh Fruits → Apple 1 kg → Buy now lands on the cart with the right totals", async ({ page }) => {
    await open(page, "/");

    await page.getByRole("link", { name: "Fresh Fruits" }).click();
    await expect(page).toHaveURL("/products/fruits");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fresh Fruits");
    // Only fruits are listed.
    await expect(page.getByRole("article")).toHaveCount(5);
    await expect(productCard(page, "Potato 500g")).toHaveCount(0);

    await productCard(page, APPLE.name).getByRole("link").click();
    await expect(page).toHaveURL(`/products/fruits/${APPLE.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(APPLE.name);
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Fresh Fruits");
    await expect(page.getByText(rupees(APPLE.offerPaise), { exact: true }).first()).toBeVisible();
    // Tax is added at checkout in the demo: the struck price is no MRP (an MRP includes all taxes).
    await expect(page.getByText(`Regular price ${rupees(APPLE.mrpPaise)}`)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Related Products" })).toBeVisible();

    await page.getByRole("button", { name: "Buy now" }).click();
    await expect(page).toHaveURL("/cart");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Shopping Cart\s*1 Item$/);
    const line = page.getByRole("listitem").filter({ hasText: APPLE.name });
    await expect(line).toHaveCount(1);
    await expect(line.getByTestId("quantity")).toHaveText(/in cart:\s*1$/);
    await expect(line.getByText(rupees(APPLE.offerPaise), { exact: true })).toBeVisible();
    await expectCartCount(page, 1);

    await expect(orderSummary(page)).toBeVisible();
    await expect(summaryValue(page, "Item total")).toHaveText("₹110");
    await expect(summaryValue(page, "Delivery fee")).toHaveText("Free");
    await expect(summaryValue(page, "Tax (2%)")).toHaveText("₹2.20");
    await expect(summaryValue(page, "Total Amount")).toHaveText("₹112.20");
  });

  test("Buy now pressed while an Add to Cart is on its way: the cart gets both", async ({ page }) => {
    await open(page, `/products/fruits/${APPLE.id}`);
    // The add's post is held while the shopper presses Buy now (a new document, which would cut it off).
    const add = await holdCartPosts(page);
    const buyNowSent: boolean[] = []; // for each Buy now: was the add released by then?
    page.on("request", (request) => request.isNavigationRequest() && request.method() === "POST" && buyNowSent.push(add.released));
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expectCartCount(page, 1);
    await page.getByRole("button", { name: "Buy now" }).click();
    await page.waitForTimeout(300); // room for a Buy now that did not wait to leave
    add.release();
    await page.waitForURL("/cart");
    expect(buyNowSent).toEqual([true]);
    await expect(page.getByRole("listitem").filter({ hasText: APPLE.name }).getByTestId("quantity")).toHaveText(/in cart:\s*2$/);
  });

  test("changing the quantity on the cart page updates the totals in Indian digit grouping, and survives a reload", async ({ page }) => {
    await open(page, `/products/grains/${RICE.id}`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expectCartCount(page, 1);
    await expect(page).toHaveURL(`/products/grains/${RICE.id}`);

    await cartLink(page).click();
    await expect(page).toHaveURL("/cart");
    const line = page.getByRole("listitem").filter({ hasText: RICE.name });
    await line.getByRole("button", { name: `Add one more ${RICE.name}` }).click();
    await line.getByRole("button", { name: `Add one more ${RICE.name}` }).click();

    const expected = expectedTotals(RICE.offerPaise * 3); // ₹1,560 + ₹31.20 = ₹1,591.20
    expect(expected).toEqual({ price: "₹1,560", tax: "₹31.20", total: "₹1,591.20" });
    await expect(summaryValue(page, "Item total")).toHaveText(expected.price);
    await expect(summaryValue(page, "Tax (2%)")).toHaveText(expected.tax);
    await expect(summaryValue(page, "Total Amount")).toHaveText(expected.total);
    await expectCartCount(page, 3);

    await reload(page);
    await expect(line.getByTestId("quantity")).toHaveText(/in cart:\s*3$/);
    await expect(summaryValue(page, "Total Amount")).toHaveText(expected.total);
    await expectCartCount(page, 3);
  });
});
