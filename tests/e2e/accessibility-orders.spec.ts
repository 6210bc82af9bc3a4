/** axe on the order pages (issue 15, 16): no serious or critical violations, dialogs open included. */
import { open } from "./support/app";
import { expectNoSeriousViolations } from "./support/axe";
import { openSellerPage } from "./support/accounts";
import { CATALOGUE_TAG, expect, test } from "./support/fixtures";
import { INVOICE_TITLE, moveBySeller, orderNumber, placeOrderByApi, placePaidCardOrderByApi, sellerOrderCard, uniqueSurname } from "./support/orders";

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
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(INVOICE_TITLE);
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

  // @catalogue: marking a refund moves the store-wide figures seller-refunds.spec.ts compares.
  test(
    "a refund: the seller's open confirmation, the shopper's refunded order (ADR 044)",
    { tag: CATALOGUE_TAG },
    async ({ sellerPage, sellerRequest, page: shopperPage, shopper }) => {
      const surname = uniqueSurname();
      const orderId = await placePaidCardOrderByApi(shopperPage, shopper, { lastName: surname });
      await moveBySeller(sellerRequest, orderId, "Cancelled", { reason: "Items out of stock" });
      await openSellerPage(sellerPage, `/seller/orders?q=${encodeURIComponent(`Asha ${surname}`)}&paid=refund`);
      const card = sellerOrderCard(sellerPage, orderId);
      await card.getByText(/^Mark refunded/).click();
      await expect(card.getByRole("button", { name: "Yes, mark refunded" })).toBeVisible();
      await expectNoSeriousViolations(sellerPage, "the seller's refund confirmation");
      await card.getByRole("button", { name: "Yes, mark refunded" }).click();
      // Refunded, it leaves the list of refunds due.
      await expect(card).toHaveCount(0);
      await open(shopperPage, `/my-orders/${orderId}`);
      await expect(shopperPage.getByTestId("refund-state")).toContainText("made on");
      await expectNoSeriousViolations(shopperPage, "a refunded order's page");
    },
  );

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
