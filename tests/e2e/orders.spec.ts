/**
 * Orders a shopper can follow (issue 15): the confirmation after placing, the order page that
 * follows the seller's moves without a reload, Order again, cancelling with a confirmation and a
 * reason, the printable invoice. On a phone and on a desktop; the no-JavaScript paths on desktop.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { APPLE, RICE, expectCartCount, open, rupees } from "./support/app";
import { addToCartFromProductPage, orderCards } from "./support/accounts";
import { CATALOGUE_TAG, expect, test } from "./support/fixtures";
import { appOrigin, INVOICE_TITLE, LIVE_REFRESH_MS, moveBySeller, orderNumber, placeOrderByApi } from "./support/orders";

const DEVICES = [
  { name: "desktop", tag: [] as string[] },
  { name: "phone", tag: ["@mobile"] },
];

for (const device of DEVICES) {
  test.describe(`orders on a ${device.name}`, { tag: device.tag }, () => {
    test("placing an order lands on My Orders with the order highlighted, its delivery promise shown and announced", async ({ page, address: _ }) => {
      await addToCartFromProductPage(page, APPLE, { signedIn: true });
      await open(page, "/cart");
      await page.getByRole("button", { name: "Place Order" }).click();
      await page.waitForURL(/\/my-orders\?placed=[0-9a-f-]{36}$/);
      const orderId = new URL(page.url()).searchParams.get("placed")!;

      const confirmation = page.getByTestId("order-placed");
      await expect(confirmation.getByRole("heading", { name: "Thank you! Your order is placed." })).toBeFocused();
      // The address's PIN, 560001, is one of the store's express pincodes: the promise is a time, 30 minutes on.
      const promise = /Delivery by \d+ \w+ \d{4}, \d+:\d\d [ap]m \(30 min\)/;
      await expect(confirmation).toContainText(new RegExp(`Order ${orderNumber(orderId)} · ${promise.source}`));
      await expect(confirmation.getByRole("status")).toHaveText(new RegExp(`^Order ${orderNumber(orderId)} placed\\. ${promise.source}$`));
      const card = orderCards(page).first();
      await expect(card).toHaveAttribute("data-highlighted", "true");
      await expect(card).toContainText("Just placed");
      // The badge stays one pill, on a phone too.
      const badge = card.getByText("Just placed", { exact: true });
      expect((await badge.boundingBox())!.height).toBeLessThan(30);
      await expect(card.getByTestId("order-promise")).toHaveText(new RegExp(`^${promise.source}$`));
      // The card's buttons say which order they are for (a list holds several with the same words).
      await expect(card.getByRole("link", { name: "Cancel order" })).toHaveAccessibleDescription(`Order ${orderNumber(orderId)}`);
      await expect(card.getByRole("button", { name: "Order again" })).toHaveAccessibleDescription(`Order ${orderNumber(orderId)}`);
      await expectCartCount(page, 0);
    });

    test("the order page shows the bill, the address and the payment, and follows the seller's moves without a reload", async ({
      page,
      shopper,
      address: _,
      sellerRequest,
    }) => {
      const orderId = await placeOrderByApi(page, shopper, { items: [{ product: APPLE.id, quantity: 2 }] });
      await page.clock.install();
      await open(page, "/my-orders");
      await orderCards(page)
        .first()
        .getByRole("link", { name: `View details of order ${orderNumber(orderId)}` })
        .click();
      await expect(page).toHaveURL(`/my-orders/${orderId}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order ${orderNumber(orderId)}`);

      const bill = page.getByTestId("bill");
      await expect(bill).toContainText(`Item total${rupees(22_000)}`);
      await expect(bill).toContainText(`Tax (2%)${rupees(440)}`);
      await expect(bill).toContainText(`Total${rupees(22_440)}`);
      await expect(page.getByTestId("order-address")).toContainText("12 MG Road");
      await expect(page.getByTestId("payment-status")).toHaveText("Pending");
      // Not "Paid by" an order that is paid for at the door.
      await expect(page.getByRole("region", { name: "Bill" })).toContainText("Payment: Cash On Delivery · Pending");
      await expect(page.getByTestId("order-status")).toHaveText("Order Placed");

      // The same document all along: a marker on window survives only if nothing reloads.
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      await moveBySeller(sellerRequest, orderId, "Packed");
      await page.clock.fastForward(LIVE_REFRESH_MS);
      await expect(page.getByTestId("order-status")).toHaveText("Packed");
      const steps = page.getByRole("list", { name: "Order progress" }).getByRole("listitem");
      await expect(steps).toHaveText([/^Order Placed\d/, /^Packed\d/, /^Out for delivery \(not yet\)$/, /^Delivered \(not yet\)$/]);

      await moveBySeller(sellerRequest, orderId, "Out for delivery");
      await moveBySeller(sellerRequest, orderId, "Delivered");
      await page.clock.fastForward(LIVE_REFRESH_MS);
      await expect(page.getByTestId("order-status")).toHaveText("Delivered");
      await expect(page.getByTestId("order-promise")).toHaveCount(0);
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    });

    test("cancelling asks for a confirmation and a reason, in a dialog; the reason is shown on the order and on My Orders", async ({
      page,
      shopper,
      address: _,
    }) => {
      const orderId = await placeOrderByApi(page, shopper);
      await open(page, `/my-orders/${orderId}`);

      // Kept: nothing changes.
      await page.getByRole("link", { name: "Cancel order" }).click();
      const dialog = page.getByRole("dialog", { name: `Cancel order ${orderNumber(orderId)}?` });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Keep order" }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(`/my-orders/${orderId}`);
      await expect(page.getByTestId("order-status")).toHaveText("Order Placed");

      // No reason: the form does not go (the reason is required).
      await page.getByRole("link", { name: "Cancel order" }).click();
      await dialog.getByRole("button", { name: "Yes, cancel order" }).click();
      await expect(dialog).toBeVisible();
      await expect(page.getByTestId("order-status")).toHaveText("Order Placed");

      await dialog.getByRole("radio", { name: "Ordered by mistake" }).check();
      await dialog.getByRole("button", { name: "Yes, cancel order" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("status").getByText("Order cancelled", { exact: true })).toBeVisible();
      await expect(page.getByTestId("order-status")).toHaveText("Cancelled");
      await expect(page.getByTestId("cancel-reason")).toHaveText("Cancelled by you: Ordered by mistake");
      await expect(page.getByRole("link", { name: "Cancel order" })).toHaveCount(0);

      // Nothing is owed on it, and its invoice says it is void.
      await expect(page.getByTestId("payment-status")).toHaveText("Nothing to pay");
      await page.getByRole("link", { name: "Invoice" }).click();
      await expect(page.getByTestId("paper-cancelled")).toHaveText("Cancelled: nothing to pay");
      // The confirmation's address, opened again: a cancelled order is no longer "just placed".
      await open(page, `/my-orders?placed=${orderId}`);
      await expect(page.getByTestId("order-placed")).toHaveCount(0);
      await expect(orderCards(page).first()).not.toContainText("Just placed");

      await open(page, "/my-orders");
      await expect(orderCards(page).first().getByTestId("cancel-reason")).toHaveText("Cancelled by you: Ordered by mistake");
    });

    test("Order again puts the order's items back in the cart and says so", async ({ page, shopper, address: _ }) => {
      const orderId = await placeOrderByApi(page, shopper, {
        items: [
          { product: APPLE.id, quantity: 2 },
          { product: RICE.id, quantity: 1 },
        ],
      });
      await open(page, `/my-orders/${orderId}`);
      await expectCartCount(page, 0);
      await page.getByRole("button", { name: "Order again" }).click();
      await expect(page.getByTestId("order-again-result")).toContainText("Added 2 products to your cart.");
      await expectCartCount(page, 3);
      await page.getByTestId("order-again-result").getByRole("link", { name: "View cart" }).click();
      await expect(page).toHaveURL("/cart");
      await expect(page.getByRole("listitem").filter({ hasText: APPLE.name })).toHaveCount(1);
      await expect(page.getByRole("listitem").filter({ hasText: RICE.name })).toHaveCount(1);
    });

    test("the invoice, once the order is packed, prints as a tax invoice: the store, the lines, the tax as charged, the total in words; no screen controls", async ({
      page,
      shopper,
      address: _,
      sellerRequest,
    }) => {
      const orderId = await placeOrderByApi(page, shopper, { items: [{ product: APPLE.id, quantity: 3 }] });
      await open(page, `/my-orders/${orderId}`);
      await page.getByRole("link", { name: "Invoice" }).click();
      await expect(page).toHaveURL(`/my-orders/${orderId}/invoice`);
      // Numbered when the order is packed (ADR 073): until then a summary.
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Order Summary");
      await expect(page.getByTestId("invoice-number")).toHaveText("Issued when the order is packed");
      await moveBySeller(sellerRequest, orderId, "Packed");
      await page.reload();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(INVOICE_TITLE);
      await expect(page.getByTestId("paper-cancelled")).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Print" })).toBeVisible();

      await page.emulateMedia({ media: "print" });
      await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
      await expect(page.getByRole("link", { name: "← Back to the order" })).toBeHidden();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByText("GreenBasket Retail Pvt. Ltd.")).toBeVisible();
      await expect(page.getByTestId("invoice-number")).toHaveText(/^INV\/\d{2}-\d{2}\/\d{6}$/);
      await expect(page.getByRole("row").filter({ hasText: APPLE.name })).toContainText(`3${rupees(11_000)}${rupees(33_000)}`);
      await expect(page.getByTestId("invoice-tax")).toHaveText(rupees(660));
      await expect(page.getByTestId("invoice-total")).toHaveText(rupees(33_660));
      await expect(page.getByText("Rupees Three Hundred Thirty-Six and Sixty Paise Only")).toBeVisible();
    });
  });
}

test.describe("orders without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the invoice offers no Print button it cannot run; Cancel order goes to a confirmation page that needs a reason; Order again goes back to the order, saying so", async ({
    page,
    shopper,
    address: _,
  }) => {
    const orderId = await placeOrderByApi(page, shopper);
    // The paper (a summary until the order is packed) reads the same; its Print button, which needs JavaScript, is not offered.
    await page.goto(`/my-orders/${orderId}/invoice`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Order Summary");
    await expect(page.getByRole("link", { name: "← Back to the order" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Print" })).toHaveCount(0);

    await page.goto(`/my-orders/${orderId}`);
    await page.getByRole("link", { name: "Cancel order" }).click();
    await expect(page).toHaveURL(`/my-orders/${orderId}/cancel`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Cancel order ${orderNumber(orderId)}?`);
    await page.getByRole("radio", { name: "Delivery is too slow" }).check();
    await page.getByRole("button", { name: "Yes, cancel order" }).click();
    await expect(page).toHaveURL(`/my-orders/${orderId}`);
    await expect(page.getByTestId("order-status")).toHaveText("Cancelled");
    await expect(page.getByTestId("cancel-reason")).toHaveText("Cancelled by you: Delivery is too slow");

    await page.getByRole("button", { name: "Order again" }).click();
    await expect(page).toHaveURL(`/my-orders/${orderId}?added`);
    await expect(page.getByTestId("order-again-result").first()).toContainText("Items added to your cart.");
    await expect(page.getByRole("link", { name: /^Cart, 1 item$/ }).first()).toBeAttached();
  });
});

test(
  "Order again names the items that are not available now, and adds the rest",
  { tag: CATALOGUE_TAG },
  async ({ page, shopper, address: _, catalogueChanges, sellerRequest }) => {
    const name = `Order Again Kiwi ${Date.now().toString(36)}`;
    catalogueChanges.added(name);
    const image = readFileSync(join(import.meta.dirname, "..", "..", "node_modules", "@lobehub", "fluent-emoji-3d", "assets", "1f95d.webp"));
    const added = await sellerRequest.post("/api/product/add", {
      headers: { Origin: appOrigin() },
      multipart: {
        productData: JSON.stringify({ name, description: ["Tangy"], category: "Vegetables", price: 90, offerPrice: 80 }),
        images: { name: "kiwi.webp", mimeType: "image/webp", buffer: image },
      },
    });
    expect(added.status(), await added.text()).toBe(201);
    const { product } = (await added.json()) as { product: { _id: string } };

    const orderId = await placeOrderByApi(page, shopper, {
      items: [
        { product: APPLE.id, quantity: 1 },
        { product: product._id, quantity: 2 },
      ],
    });
    const off = await sellerRequest.post("/api/product/stock", { data: { id: product._id, inStock: false }, headers: { Origin: appOrigin() } });
    expect(off.status()).toBe(200);

    await open(page, `/my-orders/${orderId}`);
    await expect(page.getByRole("listitem").filter({ hasText: name })).toContainText("Not available now");
    await page.getByRole("button", { name: "Order again" }).click();
    await expect(page.getByTestId("order-again-result")).toContainText(`Added 1 product to your cart. Not available now: ${name}.`);
    await expectCartCount(page, 1);
  },
);
