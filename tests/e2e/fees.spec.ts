/**
 * Fees shown up front (ADR 070): the seller sets a delivery fee, free delivery from a threshold and a
 * minimum order on Settings; a shopper sees them on the product page, the phone's cart bar and the
 * cart before ordering, and the order charges exactly the total shown. Fees change every cart's
 * total, so these run in the `store-wide` project, after every other journey (playwright.config.ts);
 * alone: `npx playwright test tests/e2e/seller.setup.ts tests/e2e/fees.spec.ts`.
 */
import type { APIRequestContext } from "@playwright/test";
import { APPLE, open, orderSummary, summaryValue } from "./support/app";
import { addToCartFromProductPage, openSellerPage, orderCards } from "./support/accounts";
import { expectNoSeriousViolations } from "./support/axe";
import { expect, STORE_WIDE_TAG, test } from "./support/fixtures";

async function settingsNow(seller: APIRequestContext): Promise<Record<string, unknown>> {
  const response = await seller.get("/api/seller/settings");
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { settings: Record<string, unknown> }).settings;
}

test(
  "the seller sets fees; a shopper sees them before ordering, on a desktop and a phone, and is charged that",
  { tag: STORE_WIDE_TAG },
  async ({ sellerPage, sellerRequest, page, address: _, baseURL }) => {
    const before = await settingsNow(sellerRequest);
    try {
      await openSellerPage(sellerPage, "/seller/settings");
      const fees = sellerPage.getByRole("group", { name: "Fees" });
      await fees.getByLabel("Delivery fee (₹)").fill("30");
      await fees.getByLabel("Free delivery on orders from (₹)").fill("250");
      await fees.getByLabel("Minimum order (₹)").fill("150");
      await sellerPage.getByRole("button", { name: "Save settings" }).click();
      await expect(sellerPage.getByRole("status").getByText("Settings saved")).toBeVisible();

      // The product page states the terms, then what the cart still needs.
      await open(page, `/products/fruits/${APPLE.id}`);
      await expect(page.getByTestId("fee-note")).toHaveText("Delivery ₹30, free on orders of ₹250 or more. Minimum order ₹150.");
      await addToCartFromProductPage(page, APPLE);
      await expect(page.getByTestId("fee-note")).toHaveText("Add ₹40 more to reach the ₹150 minimum order");

      // ₹110: below the minimum, Place Order waits.
      await open(page, "/cart");
      await expect(summaryValue(page, "Delivery fee")).toHaveText("₹30");
      await expect(summaryValue(page, "Total Amount")).toHaveText("₹142.80"); // ₹110 + ₹30 + 2% of ₹140
      await expect(orderSummary(page).getByText("The minimum order is ₹150: add ₹40 more to place your order.")).toBeVisible();
      await expect(page.getByRole("button", { name: "Place Order" })).toBeDisabled();
      await expectNoSeriousViolations(page, "a cart below the minimum order");

      // ₹220: ordered, with ₹30 still to go for free delivery.
      await page.getByRole("button", { name: `Add one more ${APPLE.name}` }).click();
      await expect(orderSummary(page).getByTestId("fee-nudge")).toHaveText("Add ₹30 more for free delivery");
      await expect(summaryValue(page, "Tax (2%)")).toHaveText("₹5"); // 2% of ₹250
      await expect(summaryValue(page, "Total Amount")).toHaveText("₹255");
      await page.getByRole("button", { name: "Place Order" }).click();
      await page.waitForURL(/\/my-orders\?placed=/);
      await expect(orderCards(page).first()).toContainText("Total: ₹255");

      // On a phone, the cart bar says it too.
      await page.setViewportSize({ width: 390, height: 844 });
      await addToCartFromProductPage(page, APPLE);
      await expect(page.getByRole("link", { name: "View cart Add ₹40 more to reach the ₹150 minimum order 1 item · ₹110" })).toBeVisible();
      await expectNoSeriousViolations(page, "a product page with the fees and the cart bar's nudge, on a phone");
    } finally {
      const response = await sellerRequest.post("/api/seller/settings", { data: before, headers: { Origin: new URL(baseURL!).origin } });
      expect(response.ok(), await response.text()).toBe(true);
    }
  },
);
