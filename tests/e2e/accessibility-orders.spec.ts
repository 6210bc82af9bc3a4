/** axe on the order pages (issue 15, 16): no serious or critical violations, dialogs open included. */
import { open } from "./support/app";
import { expectNoSeriousViolations } from "./support/axe";
import { openSellerPage } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { orderNumber, placeOrderByApi, placePaidCardOrderByApi, sellerOrderCard, uniqueSurname } from "./support/orders";

test.describe("accessibility of the order pages (axe: no serious or critical violations)", () => {
  test("the shopper's order page, its cancel dialog, the confirmation page and the invoice", async ({ page, shopper, address: _ }) => {
    const orderId = await placeOrderByApi(page, shopper);
    await open(page, `/my-orders/${orderId}`);
    await expectNoSeriousViolations(page, "/my-orders/:id");
    await page.getByRole("link", { name: "Cancel order" }).click();
    await expect(page.getByRole("dialog", { name: `Cancel order ${orderNumber(orderId)}?` })).toBeVisible();
    await expectNoSeriousViolations(page, "the cancel dialog");

    await open(page, `/my-orders/${orderId}/cancel`);
    await expectNoSeriousViolations(page, "/my-orders/:id/cancel");
    await page.goto(`/my-orders/${orderId}/invoice`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Order Summary"); // not packed yet (ADR 073)
    await expectNoSeriousViolations(page, "/my-orders/:id/invoice");
  });

  test("My Orders right after placing (the confirmation)", async ({ page, shopper, address: _ }) => {
    const orderId = await placeOrderByApi(page, shopper);
    // The address the checkout sends the shopper to.
    await open(page, `/my-orders?placed=${orderId}`);
    await expect(page.getByTestId("order-placed")).toBeVisible();
    await expectNoSeriousViolations(page, "/my-orders?placed=…");
  });

  test("the seller's filtered Orders and its cancel dialog", async ({ sellerPage, page: shopperPage, shopper }) => {
    const surname = uniqueSurname();
    const orderId = await placeOrderByApi(shopperPage, shopper, { lastName: surname });
    await openSellerPage(sellerPage, `/seller/orders?q=${encodeURIComponent(`Asha ${surname}`)}&method=cod`);
    await expect(sellerOrderCard(sellerPage, orderId)).toBeVisible();
    await expectNoSeriousViolations(sellerPage, "/seller/orders with filters");
    await sellerOrderCard(sellerPage, orderId).getByRole("link", { name: "Cancel", exact: true }).click();
    await expect(sellerPage.getByRole("dialog")).toBeVisible();
    await expectNoSeriousViolations(sellerPage, "the seller's cancel dialog");
  });

  test("a refund: the seller's open Refund form, the shopper's order with its refund (ADR 072)", async ({ sellerPage, page: shopperPage, shopper }) => {
    const surname = uniqueSurname();
    const orderId = await placePaidCardOrderByApi(shopperPage, shopper, { lastName: surname });
    await openSellerPage(sellerPage, `/seller/orders?q=${encodeURIComponent(`Asha ${surname}`)}`);
    const card = sellerOrderCard(sellerPage, orderId);
    await card.getByText(/^Refund \(order/).click();
    await expect(card.getByLabel("Amount (₹)")).toBeVisible();
    await expectNoSeriousViolations(sellerPage, "the seller's refund form");
    await card.getByLabel("Amount (₹)").fill("20");
    await card.getByRole("button", { name: "Refund", exact: true }).click();
    await expect(sellerPage.getByText("Refund of ₹20 started")).toBeVisible();
    await open(shopperPage, `/my-orders/${orderId}`);
    await expect(shopperPage.getByTestId("refund-state")).toContainText("Refund of ₹20 (Missing item)");
    await expectNoSeriousViolations(shopperPage, "an order's page with a refund");
  });

  for (const page of ["cancel", "invoice", "packing-slip"]) {
    test(`the seller's /seller/orders/:id/${page}`, async ({ sellerPage, page: shopperPage, shopper }) => {
      const orderId = await placeOrderByApi(shopperPage, shopper);
      const path = `/seller/orders/${orderId}/${page}`;
      await open(sellerPage, path, "main");
      await expect(sellerPage.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoSeriousViolations(sellerPage, path);
    });
  }
});
