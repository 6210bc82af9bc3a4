import { expect, test } from "@playwright/test";
import { APPLE, RICE } from "./support/app";
import { addToCartFromProductPage, orderCards, placeCodOrderFromCart, shopperWithAddress } from "./support/accounts";

test.describe("a shopper's own orders", () => {
  test("a fresh order can be cancelled from My Orders", async ({ page }, testInfo) => {
    await shopperWithAddress(page, testInfo, "Tara Menon");
    await addToCartFromProductPage(page, RICE, { signedIn: true });
    await placeCodOrderFromCart(page);

    const order = orderCards(page).first();
    await expect(order.getByTestId("order-status")).toHaveText("Order Placed");
    await expect(order).toContainText("Total: ₹530.40"); // ₹520 + 2% tax
    await order.getByRole("button", { name: "Cancel order" }).click();

    await expect(page.getByRole("status").getByText("Order cancelled")).toBeVisible();
    await expect(order.getByTestId("order-status")).toHaveText("Cancelled");
    await expect(order.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
    const timeline = order.getByRole("list", { name: "Order progress" });
    await expect(timeline.getByRole("listitem")).toHaveText([/^Order Placed/, /^Cancelled/]);

    // It stays cancelled.
    await page.reload();
    await expect(orderCards(page).first().getByTestId("order-status")).toHaveText("Cancelled");
    await expect(orderCards(page)).toHaveCount(1);
  });

  test("an order of two products lists both lines and the right total on My Orders", async ({ page }, testInfo) => {
    await shopperWithAddress(page, testInfo, "Dev Patel");
    await addToCartFromProductPage(page, APPLE, { signedIn: true });
    await addToCartFromProductPage(page, RICE, { signedIn: true, expectedCount: 2 });
    await placeCodOrderFromCart(page);

    const order = orderCards(page).first();
    await expect(order).toContainText("Total: ₹642.60"); // (₹110 + ₹520) + 2% tax
    await expect(order.getByRole("listitem").filter({ hasText: APPLE.name })).toContainText("₹110");
    await expect(order.getByRole("listitem").filter({ hasText: RICE.name })).toContainText("₹520");
  });
});
