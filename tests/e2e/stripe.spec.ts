/**
 * Online payment against the in-repo fake Stripe (the web server runs with --fake-stripe): its
 * hosted page at /pay/<session> pays (marks the session paid, sends the signed webhook to the app)
 * or cancels, then sends the shopper back to the store.
 */
import type { Page } from "@playwright/test";
import { APPLE, cartLink, expectCartCount, open, summaryValue, waitForHydration } from "./support/app";
import { addToCartFromProductPage, orderCards } from "./support/accounts";
import { expect, test } from "./support/fixtures";

/** From a cart with a product and an address: choose Online Payment and go to the payment page. */
async function proceedToFakeStripe(page: Page): Promise<string> {
  await open(page, "/cart");
  const total = await summaryValue(page, "Total Amount").textContent();
  await page.getByLabel("Payment Method").selectOption({ label: "Online Payment" });
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await page.waitForURL(/\/pay\/cs_test_\w+$/);
  await expect(page).toHaveTitle("Fake Stripe Checkout");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fake Stripe Checkout");
  return total!;
}

/** My Orders holds one order, by card, of ₹112.20 (an Apple 1 kg with its tax), its payment and status as given. */
async function theOneCardOrder(page: Page, { payment, status }: { payment: string; status: string }) {
  const orders = orderCards(page);
  await expect(orders).toHaveCount(1);
  const order = orders.first();
  await expect(order.getByTestId("payment-status")).toHaveText(payment);
  await expect(order).toContainText("Payment: Online (card or UPI)");
  await expect(order.getByTestId("order-status")).toHaveText(status);
  await expect(order).toContainText("Total: ₹112.20");
  return order;
}

test.describe("online payment (fake Stripe)", () => {
  for (const device of ["desktop", "phone @mobile"] as const) {
    test(`${device}: Proceed to Checkout → pay by UPI on the Stripe page → straight back to the order, paid`, async ({ page, address: _ }) => {
      await addToCartFromProductPage(page, APPLE, { signedIn: true });

      const cartTotal = await proceedToFakeStripe(page);
      expect(cartTotal).toBe("₹112.20");
      // Stripe is asked for exactly what the cart page showed (₹110 + 2% tax).
      await expect(page.getByTestId("fake-total")).toHaveText(cartTotal);
      await expect(page.getByRole("listitem").filter({ hasText: APPLE.name })).toContainText("× 1: ₹110.00");
      await expect(page.getByRole("listitem").filter({ hasText: "Tax (2%)" })).toContainText("₹2.20");

      // The store sends no payment methods: Stripe offers those of its Dashboard, UPI and card.
      const methods = page.getByRole("group", { name: "Pay with" });
      await methods.getByRole("radio", { name: /^UPI/ }).check();
      await expect(methods.getByRole("radio", { name: "Card" })).not.toBeChecked();
      await page.getByRole("button", { name: "Pay ₹112.20" }).click();
      // Back on the order's own page, no pause on the way; it confirms the payment until Stripe's word is in.
      await page.waitForURL(/\/my-orders\/[0-9a-f-]{36}\?confirming$/);
      await waitForHydration(page);
      await expect(page.getByTestId("payment-status")).toHaveText("Paid");
      await expect(page.getByTestId("order-status")).toHaveText("Order Placed");
      await expect(page.getByText("Confirming your payment")).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Pay now" })).toHaveCount(0);

      await open(page, "/my-orders");
      const order = await theOneCardOrder(page, { payment: "Paid", status: "Order Placed" });
      await expect(order.getByRole("listitem").filter({ hasText: APPLE.name })).toBeVisible();
      // The paid order emptied the cart.
      await expectCartCount(page, 0);

      // Cancelling it would say, before it is confirmed, where the money goes (and the shopper keeps it).
      await order.getByRole("link", { name: "Cancel order" }).click();
      const dialog = page.getByRole("dialog", { name: /^Cancel order [0-9A-F]{8}\?$/ });
      await expect(dialog).toContainText("You paid ₹112.20 online: it goes back to the card or UPI account you paid from in 5-7 business days.");
      await dialog.getByRole("button", { name: "Keep order" }).click();
      await expect(dialog).toBeHidden();
      // Without JavaScript, the confirmation page says the same.
      const orderLink = await order.getByRole("link", { name: /^View details/ }).getAttribute("href");
      const noScript = await page.request.get(`${orderLink}/cancel`);
      expect(await noScript.text()).toContain("You paid ₹112.20 online: it goes back to the card or UPI account you paid from in 5-7 business days.");
    });
  }

  // Where the shopper decides what to do about an unpaid order: on a phone as on a desktop.
  for (const device of ["desktop", "phone @mobile"] as const) {
    test(`${device}: Cancel on the Stripe page returns to the cart; the order waits as Awaiting payment, then the session's expiry cancels it`, async ({
      page,
      address: _,
    }) => {
      await addToCartFromProductPage(page, APPLE, { signedIn: true });

      await proceedToFakeStripe(page);
      const session = new URL(page.url());
      await page.getByRole("button", { name: "Cancel", exact: true }).click();
      await page.waitForURL(/\/cart\?unpaid=[0-9a-f-]{36}$/);
      const backFromStripe = new URL(page.url());
      // The cart says the order waits for its payment, with Pay now; and it is kept for another try.
      const unpaid = page.getByTestId("unpaid-order");
      await expect(unpaid).toContainText(
        /^The online payment for order [0-9A-F]{8} was not completed\. Pay now, or place your order again below, online or cash on delivery: this one is then cancelled\. Nothing has been charged; left unpaid, it is cancelled at .+\./,
      );
      await expect(unpaid.getByRole("button", { name: "Pay now" })).toBeVisible();
      // It fits the screen: nothing scrolls sideways (a 390 px phone too).
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expect(page.getByRole("listitem").filter({ hasText: APPLE.name })).toHaveCount(1);
      await expectCartCount(page, 1);

      await open(page, "/my-orders");
      // Not yet placed for delivery: it waits for its payment.
      const order = await theOneCardOrder(page, { payment: "Awaiting payment", status: "Awaiting payment" });
      await expect(cartLink(page)).toBeVisible();
      // No delivery is promised for an order not paid for, only until when it waits (ADR 054).
      await expect(order.getByTestId("order-promise")).toHaveText(
        /^Waiting for your payment: unpaid, it is cancelled at \d{1,2} \w{3,4} \d{4}, \d{1,2}:\d{2} [ap]m$/,
      );

      // Its own page says the same, and offers no invoice for an order not paid for.
      const details = (await order.getByRole("link", { name: /^View details/ }).getAttribute("href"))!;
      await open(page, details);
      await expect(page.getByTestId("order-status")).toHaveText("Awaiting payment");
      await expect(page.getByRole("link", { name: "Invoice" })).toHaveCount(0);
      // Back from Stripe's page as if paid, Stripe's word not yet in: it confirms the payment, offering no Pay now.
      await open(page, `${details}?confirming`);
      await expect(page.getByTestId("order-promise")).toHaveText("Confirming your payment… this page updates by itself.");
      await expect(page.getByRole("button", { name: "Pay now" })).toHaveCount(0);
      await open(page, "/my-orders");

      // Pay now goes back to the same Stripe page (the same session); the shopper cancels there again.
      await order.getByRole("button", { name: "Pay now" }).click();
      await page.waitForURL(session.href);
      await page.getByRole("button", { name: "Cancel", exact: true }).click();
      await page.waitForURL(/\/cart\?unpaid=/);

      // An hour on, Stripe expires the session (the fake does it on request) and its webhook cancels the order.
      const expired = await page.request.post(`${session.origin}/__expire/${session.pathname.split("/").pop()}`);
      expect(expired.status()).toBe(200);
      await open(page, "/my-orders");
      await expect(order.getByTestId("order-status")).toHaveText("Cancelled");
      await expect(order.getByTestId("cancel-reason")).toHaveText("Cancelled: Payment not completed in time");
      await expect(order.getByTestId("payment-status")).toHaveText("Nothing to pay");
      await expect(order.getByTestId("order-promise")).toHaveCount(0);
      await expect(order.getByRole("button", { name: "Pay now" })).toHaveCount(0);
      // The cart is still there to order again, and no longer offers to pay the cancelled order.
      await expectCartCount(page, 1);
      await open(page, `${backFromStripe.pathname}${backFromStripe.search}`);
      await expect(page.getByTestId("unpaid-order")).toHaveCount(0);
      await expect(page.getByRole("listitem").filter({ hasText: APPLE.name })).toHaveCount(1);
    });
  }

  test("back from Stripe, the shopper places the cart by cash on delivery instead: the card order is replaced, not left holding the stock", async ({
    page,
    address: _,
  }) => {
    await addToCartFromProductPage(page, APPLE, { signedIn: true });
    await proceedToFakeStripe(page);
    await page.getByRole("button", { name: "Cancel", exact: true }).click();
    await page.waitForURL(/\/cart\?unpaid=[0-9a-f-]{36}$/);
    const unpaidNumber = (await page.getByTestId("unpaid-order").locator(".font-mono").textContent())!;
    // Back from Stripe, the card is still the chosen way to pay.
    await expect(page.getByLabel("Payment Method")).toHaveValue("Online");
    // The cart names the waiting order wherever the shopper comes back to it from, not only from Stripe's Cancel.
    await open(page, "/cart");
    await expect(page.getByTestId("unpaid-order")).toContainText(unpaidNumber);
    await expect(page.getByLabel("Payment Method")).toHaveValue("COD");

    await page.getByLabel("Payment Method").selectOption({ label: "Cash On Delivery" });
    await page.getByRole("button", { name: "Place Order" }).click();
    await page.waitForURL(/\/my-orders\?placed=/);
    const orders = orderCards(page);
    await expect(orders).toHaveCount(2);
    await expect(orders.first()).toContainText("Payment: Cash On Delivery");
    await expect(orders.first().getByTestId("order-status")).toHaveText("Order Placed");
    const replaced = orders.filter({ hasText: unpaidNumber });
    await expect(replaced.getByTestId("order-status")).toHaveText("Cancelled");
    await expect(replaced.getByTestId("cancel-reason")).toHaveText("Cancelled: Replaced by your new order");
    await expect(replaced.getByRole("button", { name: "Pay now" })).toHaveCount(0);
    await expectCartCount(page, 0);
  });
});
