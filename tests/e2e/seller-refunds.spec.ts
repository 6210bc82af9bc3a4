/**
 * Refunds (ADR 044, 072): a shopper pays by card (the fake Stripe); the seller refunds a missing
 * item through Stripe, then cancels the order and Stripe refunds the rest; the dashboard's refunds
 * made rise, and the shopper sees each refund and its date on the order page and on My Orders. On a
 * phone and on a desktop. Cash given back is marked by hand, without JavaScript too. The orders
 * carry a surname no other journey uses, and the seller's page is searched for it.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { APPLE, expectQuestionClosesByKeyboard, open } from "./support/app";
import { addAddressByApi, newAddress, openSellerPage, orderCards, SELLER_STATE, type Shopper } from "./support/accounts";
import { CATALOGUE_TAG, expect, test } from "./support/fixtures";
import { appOrigin, moveBySeller, orderNumber, placePaidCardOrderByApi, sellerOrderCard, uniqueSurname } from "./support/orders";

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
    test("the seller refunds a missing item, then cancels the paid order: Stripe refunds both; the dashboard and the shopper follow", async ({
      sellerPage,
      page: shopperPage,
      shopper,
    }) => {
      const surname = uniqueSurname();
      const orderId = await placePaidCardOrderByApi(shopperPage, shopper, { lastName: surname });
      const search = `/seller/orders?${new URLSearchParams({ q: `Asha ${surname}` })}`;
      await openSellerPage(sellerPage, search);
      const card = sellerOrderCard(sellerPage, orderId);
      // Paid through Stripe: refunded through it, never marked by hand.
      await expect(card.getByText(/^Mark refunded/)).toHaveCount(0);

      // A missing item: ₹50 of the ₹112.20 back.
      const refundToggle = card.getByText(`Refund (order ${orderNumber(orderId)})`);
      const refundButton = card.getByRole("button", { name: "Refund", exact: true });
      // The form opens and closes again by keyboard (Escape, Keep), refunding nothing.
      await expectQuestionClosesByKeyboard(sellerPage, refundToggle, refundButton, card.getByRole("button", { name: "Keep", exact: true }));
      await refundToggle.click();
      await expect(card).toContainText("at most ₹112.20");
      await card.getByLabel("Amount (₹)").fill("50");
      await card.getByLabel("Reason").selectOption("Missing item");
      await refundButton.click();
      await expect(sellerPage.getByText("Refund of ₹50 started")).toBeVisible();
      await open(shopperPage, `/my-orders/${orderId}`);
      await expect(shopperPage.getByTestId("refund-state")).toHaveText(new RegExp(`^Refund of ₹50 \\(Missing item\\) (started|made) on ${todayInIndia()}`));
      await expect(shopperPage.getByTestId("payment-status")).toHaveText("Paid");

      const before = await refundFigures(sellerPage);
      await openSellerPage(sellerPage, search);
      await card.getByRole("link", { name: "Cancel", exact: true }).click();
      const cancelDialog = sellerPage.getByRole("dialog", { name: `Cancel order ${orderNumber(orderId)}?` });
      // Before confirming, the dialog says what cancelling does to the money already paid.
      await expect(cancelDialog).toContainText(/The customer paid ₹[\d,.]+ online: cancelling makes a refund of ₹[\d,.]+ due\./);
      await cancelDialog.getByRole("radio", { name: "Items out of stock" }).check();
      await cancelDialog.getByRole("button", { name: "Yes, cancel order" }).click();
      await expect(card.getByTestId("seller-order-status")).toHaveText("Cancelled");

      // Stripe takes the rest at once and says so a moment later (the fake's webhook): the order is refunded.
      await expect(async () => {
        await openSellerPage(sellerPage, search);
        await expect(card).toContainText("Payment: Refunded", { timeout: 1000 });
      }).toPass({ timeout: 15_000 });
      await expect(card.getByTestId("refund-state")).toContainText(`Refund of ₹62.20 made on ${todayInIndia()}`);
      await expect(card.getByText(/^Mark refunded/)).toHaveCount(0);
      const after = await refundFigures(sellerPage);
      expect(after.madeToday).toBe(before.madeToday + 1);

      await open(shopperPage, `/my-orders/${orderId}`);
      await expect(shopperPage.getByTestId("refund-state")).toContainText(`Refund of ₹62.20 made on ${todayInIndia()}`);
      await expect(shopperPage.getByTestId("payment-status")).toHaveText("Refunded");
      await open(shopperPage, "/my-orders");
      const mine = orderCards(shopperPage).filter({ has: shopperPage.getByText(orderNumber(orderId)) });
      await expect(mine.getByTestId("refund-state")).toContainText(`Refund of ₹62.20 made on ${todayInIndia()}`);
    });
  });
}

test(
  "cash given back: the seller marks a refund by hand through a confirmation, without JavaScript too, and the dashboard follows",
  { tag: CATALOGUE_TAG },
  async ({ browser, page: shopperPage, shopper, sellerRequest, sellerPage }) => {
    const surname = uniqueSurname();
    const orderId = await placePaidCodOrderThatCameBack(shopperPage, shopper, sellerRequest, surname);
    const context = await browser.newContext({ storageState: SELLER_STATE, javaScriptEnabled: false });
    const page = await context.newPage();
    const before = await refundFigures(sellerPage);
    expect(before.due).toBeGreaterThanOrEqual(1);
    const search = `/seller/orders?${new URLSearchParams({ q: `Asha ${surname}` })}`;
    await page.goto(search);
    const card = sellerOrderCard(page, orderId);
    await expect(card.getByTestId("refund-state")).toHaveText(/^Refund of ₹[\d,.]+ due: give the cash back, then press Mark refunded$/);
    // A native disclosure: it opens without JavaScript, and its form posts the page itself.
    await card.getByText(/^Mark refunded/).click();
    await expect(card).toContainText("this cannot be undone");
    await card.getByRole("button", { name: "Yes, mark refunded" }).click();
    // Post/Redirect/Get: back on the orders, the toast carried across the redirect.
    await expect(page).toHaveURL(search);
    await expect(page.getByText(/^Refund of ₹[\d,.]+ recorded$/)).toBeVisible();
    await expect(card.getByTestId("refund-state")).toHaveText(refundMade());
    await expect(card.getByText(/^Mark refunded/)).toHaveCount(0);
    const after = await refundFigures(sellerPage);
    expect(after.due).toBe(before.due - 1);
    expect(after.madeToday).toBe(before.madeToday + 1);
    await context.close();
  },
);

/** Cash collected at the door, then the delivery came back and the order was cancelled: cash to give back. */
async function placePaidCodOrderThatCameBack(page: Page, shopper: Shopper, seller: APIRequestContext, lastName: string): Promise<string> {
  const address = await addAddressByApi(page, newAddress(shopper, { lastName }));
  const placed = await page.request.post("/api/order/cod", {
    data: { items: [{ product: APPLE.id, quantity: 1 }], address },
    headers: { Origin: appOrigin() },
  });
  expect(placed.status()).toBe(201);
  const { orderId } = (await placed.json()) as { orderId: string };
  for (const status of ["Packed", "Out for delivery"]) await moveBySeller(seller, orderId, status);
  const paid = await seller.post("/api/order/mark-paid", { data: { orderId }, headers: { Origin: appOrigin() } });
  expect(paid.status()).toBe(200);
  await moveBySeller(seller, orderId, "Cancelled", { reason: "Customer not reachable" });
  return orderId;
}
