/**
 * Refunds (issue 16, ADR 044): a shopper pays by card (the fake Stripe), the seller cancels the
 * order, marks it refunded after a confirmation, the dashboard's refunds due drop and its refunds
 * made rise, and the shopper sees the refund and its date on the order page and on My Orders. On a
 * phone and on a desktop, and without JavaScript. The orders carry a
 * surname no other journey uses, and the seller's page is searched for it.
 */
import type { Page } from "@playwright/test";
import { expectQuestionClosesByKeyboard, open } from "./support/app";
import { openSellerPage, orderCards, SELLER_STATE } from "./support/accounts";
import { CATALOGUE_TAG, expect, test } from "./support/fixtures";
import { moveBySeller, orderNumber, placePaidCardOrderByApi, sellerOrderCard, uniqueSurname } from "./support/orders";

/**
 * The journeys compare the dashboard's store-wide refund figures before and after, so they take
 * turns with every other journey that changes them: all are tagged @catalogue (the serial project);
 * the phone's shopper has a phone-sized page of its own.
 */
const DEVICES = [
  { name: "desktop", use: {} },
  { name: "phone", use: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } },
];

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"];

/** Today in India, as the pages write a day ("24 Nov 2026"). */
function todayInIndia(): string {
  const ist = new Date(Date.now() + 5.5 * 60 * 60 * 1000);
  return `${ist.getUTCDate()} ${MONTHS[ist.getUTCMonth()]} ${ist.getUTCFullYear()}`;
}

const refundMade = () => new RegExp(`^Refund of ₹[\\d,.]+ made on ${todayInIndia()}$`);

/** The dashboard's refunds to make (the waiting card's number) and today's refunds made (their count). */
async function refundFigures(page: Page): Promise<{ due: number; madeToday: number }> {
  await openSellerPage(page, "/seller/dashboard");
  const due = Number(await page.getByTestId("waiting-refundsDue").locator("span").first().innerText());
  const made = await page.getByTestId("period-Today").getByTestId("period-refunded").innerText();
  return { due, madeToday: Number(/\((\d+)\)$/.exec(made)![1]) };
}

for (const device of DEVICES) {
  test.describe(`refunds on a ${device.name}`, { tag: CATALOGUE_TAG }, () => {
    test.use(device.use);
    test("the seller cancels a paid card order, marks it refunded after a confirmation; the dashboard and the shopper follow", async ({
      sellerPage,
      page: shopperPage,
      shopper,
    }) => {
      const surname = uniqueSurname();
      const orderId = await placePaidCardOrderByApi(shopperPage, shopper, { lastName: surname });
      await openSellerPage(sellerPage, `/seller/orders?q=${encodeURIComponent(`Asha ${surname}`)}`);
      const card = sellerOrderCard(sellerPage, orderId);
      // Paid and not cancelled: nothing to refund yet.
      await expect(card.getByText(/^Mark refunded/)).toHaveCount(0);

      await card.getByRole("link", { name: "Cancel", exact: true }).click();
      const cancelDialog = sellerPage.getByRole("dialog", { name: `Cancel order ${orderNumber(orderId)}?` });
      // Before confirming, the dialog says what cancelling does to the money already paid.
      await expect(cancelDialog).toContainText(/The customer paid ₹[\d,.]+ online: cancelling makes a refund of ₹[\d,.]+ due\./);
      await cancelDialog.getByRole("radio", { name: "Items out of stock" }).check();
      await cancelDialog.getByRole("button", { name: "Yes, cancel order" }).click();
      await expect(card.getByTestId("seller-order-status")).toHaveText("Cancelled");
      // The seller reads what to do about it (the customer reads when to expect it).
      await expect(card.getByTestId("refund-state")).toHaveText(/^Refund of ₹[\d,.]+ due: refund the payment in Stripe, then press Mark refunded$/);

      const before = await refundFigures(sellerPage);
      expect(before.due).toBeGreaterThanOrEqual(1);

      // The dashboard's "Refunds to make" leads to the orders still to refund.
      await sellerPage.getByTestId("waiting-refundsDue").click();
      await expect(sellerPage).toHaveURL(/\/seller\/orders\?status=Cancelled&paid=refund$/);
      await expect(sellerPage.getByRole("search").getByRole("combobox", { name: /^Payment/ })).toHaveValue("refund");

      await openSellerPage(sellerPage, `/seller/orders?q=${encodeURIComponent(`Asha ${surname}`)}&paid=refund`);
      const mark = card.getByText(`Mark refunded (order ${orderNumber(orderId)})`);
      const confirm = card.getByRole("button", { name: "Yes, mark refunded" });
      // The confirmation opens and closes again (by keyboard), changing nothing.
      await mark.click();
      await expect(confirm).toBeVisible();
      await expect(card).toContainText("this cannot be undone");
      await mark.press("Enter");
      await expect(confirm).toBeHidden();
      // Escape on the answer, and Keep, close it too.
      await expectQuestionClosesByKeyboard(sellerPage, mark, confirm, card.getByRole("button", { name: "Keep" }));
      await expect(card.getByTestId("refund-state")).toContainText("due");

      await mark.click();
      await confirm.click();
      await expect(sellerPage.getByText(/^Refund of ₹[\d,.]+ recorded$/)).toBeVisible();
      // Refunded, it leaves the list of refunds due; unfiltered, it says when it was refunded.
      await expect(card).toHaveCount(0);
      await openSellerPage(sellerPage, `/seller/orders?q=${encodeURIComponent(`Asha ${surname}`)}`);
      await expect(card.getByTestId("refund-state")).toHaveText(refundMade());
      await expect(card).toContainText("Payment: Refunded");
      await expect(mark).toHaveCount(0);

      const after = await refundFigures(sellerPage);
      expect(after.due).toBe(before.due - 1);
      expect(after.madeToday).toBe(before.madeToday + 1);

      await open(shopperPage, `/my-orders/${orderId}`);
      await expect(shopperPage.getByTestId("refund-state")).toHaveText(refundMade());
      await expect(shopperPage.getByTestId("payment-status")).toHaveText("Refunded");
      await open(shopperPage, "/my-orders");
      const mine = orderCards(shopperPage).filter({ has: shopperPage.getByText(orderNumber(orderId)) });
      await expect(mine.getByTestId("refund-state")).toHaveText(refundMade());
    });
  });
}

test(
  "without JavaScript the seller marks a refund through the same confirmation",
  { tag: CATALOGUE_TAG },
  async ({ browser, page: shopperPage, shopper, sellerRequest }) => {
    const surname = uniqueSurname();
    const orderId = await placePaidCardOrderByApi(shopperPage, shopper, { lastName: surname });
    await moveBySeller(sellerRequest, orderId, "Cancelled", { reason: "Customer not reachable" });

    const context = await browser.newContext({ storageState: SELLER_STATE, javaScriptEnabled: false });
    const page = await context.newPage();
    const search = `/seller/orders?${new URLSearchParams({ q: `Asha ${surname}` })}`;
    await page.goto(search);
    const card = sellerOrderCard(page, orderId);
    // A native disclosure: it opens without JavaScript, and its form posts the page itself.
    await card.getByText(/^Mark refunded/).click();
    await card.getByRole("button", { name: "Yes, mark refunded" }).click();
    // Post/Redirect/Get: back on the orders, the toast carried across the redirect.
    await expect(page).toHaveURL(search);
    await expect(page.getByText(/^Refund of ₹[\d,.]+ recorded$/)).toBeVisible();
    await expect(card.getByTestId("refund-state")).toHaveText(refundMade());
    await expect(card.getByText(/^Mark refunded/)).toHaveCount(0);
    await context.close();
  },
);
