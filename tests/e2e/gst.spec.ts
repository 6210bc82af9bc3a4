/**
 * Prices including GST and the Rule 46 invoice (ADR 073): the seller chooses 0% added at checkout and
 * gives the GSTIN; a shopper sees the MRP inclusive of all taxes and no tax added in the cart; once the
 * order is packed its invoice prints each line's HSN, taxable value, CGST and SGST, on a phone; cancelled
 * then, a credit note follows it (ADR 075). The
 * setting changes every cart's total, so this runs in the `store-wide` project, after every other
 * journey; alone: `npx playwright test tests/e2e/seller.setup.ts tests/e2e/gst.spec.ts`.
 */
import { open, orderSummary, summaryValue } from "./support/app";
import { addToCartFromProductPage, openSellerPage, orderCards } from "./support/accounts";
import { expectNoSeriousViolations } from "./support/axe";
import { expect, STORE_WIDE_TAG, test } from "./support/fixtures";
import { appOrigin, moveBySeller } from "./support/orders";

const MAGGI = { id: "seed-maggi-noodles-280g", category: "Instant", name: "Maggi Noodles 280g" };

test(
  "prices include GST: MRP inclusive of all taxes, nothing added at checkout, and a tax invoice with HSN, CGST and SGST once packed",
  { tag: STORE_WIDE_TAG },
  async ({ sellerPage, sellerRequest, page, address: _ }) => {
    const before = ((await (await sellerRequest.get("/api/seller/settings")).json()) as { settings: Record<string, unknown> }).settings;
    try {
      await openSellerPage(sellerPage, "/seller/settings");
      await expect(sellerPage.getByLabel("GST rates a product may carry (%)")).toHaveValue("0, 5, 18, 40");
      await sellerPage.getByLabel("Tax rate (%)").fill("0");
      await sellerPage.getByLabel("GSTIN (optional)").fill("29ABCDE1234F1ZW");
      await sellerPage.getByRole("button", { name: "Save settings" }).click();
      await expect(sellerPage.getByRole("status").getByText("Settings saved")).toBeVisible();
      // The product form offers the store's rates; the demo's noodles carry 5% and their HSN code.
      await openSellerPage(sellerPage, `/seller/products/${MAGGI.id}/edit`);
      await expect(sellerPage.getByLabel("GST rate")).toHaveValue("5");
      await expect(sellerPage.getByLabel("HSN code")).toHaveValue("1902");
      await expect(sellerPage.getByLabel("GST rate").getByRole("option")).toHaveText(["0%", "5%", "18%", "40%"]);

      await open(page, `/products/${MAGGI.category.toLowerCase()}/${MAGGI.id}`);
      await expect(page.getByRole("main")).toContainText("MRP ₹55");
      await expect(page.getByRole("main")).toContainText("Inclusive of all taxes");
      await addToCartFromProductPage(page, MAGGI);
      await open(page, "/cart");
      await expect(orderSummary(page).getByText(/^Tax \(/)).toHaveCount(0);
      await expect(orderSummary(page).getByText("Inclusive of all taxes")).toBeVisible();
      await expect(summaryValue(page, "Total Amount")).toHaveText("₹50");
      await expectNoSeriousViolations(page, "a cart whose prices include GST");
      await page.getByRole("button", { name: "Place Order" }).click();
      await page.waitForURL(/\/my-orders\?placed=/);
      await expect(orderCards(page).first()).toContainText("Total: ₹50");
      const orderId = new URL(page.url()).searchParams.get("placed")!;

      await moveBySeller(sellerRequest, orderId, "Packed");
      await page.setViewportSize({ width: 390, height: 844 });
      await open(page, `/my-orders/${orderId}/invoice`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tax Invoice");
      await expect(page.getByTestId("invoice-number")).toHaveText(/^INV\/\d{2}-\d{2}\/\d{6}$/);
      await expect(page.getByText("Place of supply")).toBeVisible();
      await expect(page.getByText("Karnataka (29)")).toBeVisible();
      // ₹50 at 5% within the state: CGST = SGST = round(5000 × 500 / 21000) paise = ₹1.19, taxable ₹47.62.
      const line = page.getByTestId("gst-row").filter({ hasText: MAGGI.name });
      await expect(line.getByRole("cell")).toHaveText(["1", MAGGI.name, "1902", "1", "₹47.62", "2.5%: ₹1.19", "2.5%: ₹1.19", "₹50"]);
      await expect(page.getByTestId("gst-taxable")).toHaveText("₹47.62");
      await expect(page.getByTestId("gst-cgst")).toHaveText("₹1.19");
      await expect(page.getByTestId("invoice-total")).toHaveText("₹50");
      // The page never scrolls sideways on a phone: the table scrolls within its box.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      await expectNoSeriousViolations(page, "a tax invoice with GST lines, on a phone");

      // Cancelled after packing: a credit note takes the whole invoice back, printed after it (ADR 075).
      await moveBySeller(sellerRequest, orderId, "Cancelled", { reason: "Items out of stock" });
      await open(page, `/my-orders/${orderId}/invoice`);
      const note = page.getByRole("region", { name: "Credit Note" });
      await expect(note).toContainText(/Credit note no\.\s*CN\/\d{2}-\d{2}\/\d{6}/);
      await expect(note).toContainText("Order cancelled: Items out of stock");
      await expect(note.getByTestId("credit-row").getByRole("cell")).toHaveText(["5%", "₹47.62", "₹1.19", "₹1.19", "₹50"]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      await expectNoSeriousViolations(page, "an invoice and its credit note, on a phone");
    } finally {
      const response = await sellerRequest.post("/api/seller/settings", { data: before, headers: { Origin: appOrigin() } });
      expect(response.ok(), await response.text()).toBe(true);
    }
  },
);
