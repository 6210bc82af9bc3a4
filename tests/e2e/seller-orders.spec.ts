/**
 * The seller's Orders (issue 16): new orders arrive without a reload (the list, the New mark, the
 * announcement, the sidebar badge), search and filters in the URL, cancelling with a confirmation
 * and a reason that the shopper sees, the printable invoice and packing slip. On a phone and on a
 * desktop. Each test's orders carry a surname no other journey uses, and the page is searched for
 * it: journeys run side by side on one store.
 */
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { open } from "./support/app";
import { openSellerPage, orderCards, SELLER_STATE } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { appOrigin, INVOICE_TITLE, LIVE_REFRESH_MS, moveBySeller, orderNumber, placeOrderByApi, sellerOrderCard, uniqueSurname } from "./support/orders";

const DEVICES = [
  { name: "desktop", tag: [] as string[] },
  { name: "phone", tag: ["@mobile"] },
];

/** The badge's number on the Orders link (0 when it shows none). */
async function badgeNumber(page: Page): Promise<number> {
  const badge = page.getByRole("navigation", { name: "Seller" }).getByTestId("waiting-orders-badge");
  return (await badge.count()) === 0 ? 0 : Number((await badge.textContent())!.replace(/\D/g, ""));
}

async function waitingOnServer(seller: APIRequestContext): Promise<number> {
  const response = await seller.get("/api/order/seller");
  return ((await response.json()) as { waiting: number }).waiting;
}

for (const device of DEVICES) {
  test.describe(`the seller's orders on a ${device.name}`, { tag: device.tag }, () => {
    test("a just-placed order appears without a reload, marked New and announced; the sidebar badge counts it", async ({
      sellerPage,
      page: shopperPage,
      shopper,
      sellerRequest,
    }) => {
      const surname = uniqueSurname();
      await sellerPage.clock.install();
      await openSellerPage(sellerPage, `/seller/orders?q=${encodeURIComponent(`Asha ${surname}`)}`);
      await expect(sellerPage.getByText("No orders match these filters.")).toBeVisible();
      await sellerPage.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

      const orderId = await placeOrderByApi(shopperPage, shopper, { lastName: surname });
      await sellerPage.clock.fastForward(LIVE_REFRESH_MS);
      const card = sellerOrderCard(sellerPage, orderId);
      await expect(card).toBeVisible();
      await expect(card).toHaveAttribute("data-new", "true");
      await expect(card.getByText("New", { exact: true })).toBeVisible();
      await expect(sellerPage.getByTestId("new-orders-banner")).toHaveText("1 new order since you opened this page");
      await expect(sellerPage.getByTestId("new-order-announcement")).toHaveText(`New order ${orderNumber(orderId)} from Asha ${surname}, ₹112.20.`);

      // The badge shows what the server counts (other journeys place and move orders meanwhile: follow it).
      await expect
        .poll(async () => {
          const server = await waitingOnServer(sellerRequest);
          await sellerPage.clock.fastForward(LIVE_REFRESH_MS);
          return (await badgeNumber(sellerPage)) === server && server >= 1;
        })
        .toBe(true);
      // It counts every open order (to pack, send out or deliver), and says so: the page's pill counts those to pack.
      const count = await badgeNumber(sellerPage);
      await expect(
        sellerPage.getByRole("navigation", { name: "Seller" }).getByRole("link", { name: new RegExp(`Orders.*\\b${count} open orders?$`) }),
      ).toBeVisible();
      await expect(sellerPage.getByTestId("waiting-orders-badge")).toHaveAttribute("title", "Open orders: to pack, send out or deliver");
      expect(await sellerPage.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    });

    if (device.name === "desktop") {
      test("search by name, e-mail, order number, phone, PIN code or city, and filter by days and payment, all in the URL", async ({
        sellerPage,
        page: shopperPage,
        shopper,
        sellerRequest,
      }) => {
        const surname = uniqueSurname();
        // A city only this test delivers to; a PIN code no other journey uses (few PINs exist: this test's own order is the newest to it).
        const place = { city: `Mysuru ${surname} Layout`, zipCode: "570020" };
        const first = await placeOrderByApi(shopperPage, shopper, { lastName: surname, address: place });
        const second = await placeOrderByApi(shopperPage, shopper, { lastName: surname });
        await moveBySeller(sellerRequest, second, "Packed");
        await moveBySeller(sellerRequest, second, "Out for delivery");
        const paid = await sellerRequest.post("/api/order/mark-paid", { data: { orderId: second }, headers: { Origin: appOrigin() } });
        expect(paid.status()).toBe(200);

        await openSellerPage(sellerPage, "/seller/orders");
        const search = sellerPage.getByRole("search", { name: "Search and filter orders" });
        await search.getByLabel("Search").fill(`asha ${surname.toLowerCase()}`);
        await search.getByLabel("Search").press("Enter");
        await expect(sellerPage).toHaveURL((url) => url.searchParams.get("q") === `asha ${surname.toLowerCase()}`);
        await expect(sellerPage.getByRole("article")).toHaveCount(2);
        // The focus stays in the search field, to refine the search.
        await expect(search.getByLabel("Search")).toBeFocused();
        // The e-mail the customer writes from, in any case.
        await search.getByLabel("Search").fill(shopper.email.toUpperCase());
        await search.getByRole("button", { name: "Apply" }).click();
        await expect(sellerPage).toHaveURL((url) => url.searchParams.get("q") === shopper.email.toUpperCase());
        await expect(sellerPage.getByRole("article")).toHaveCount(2);
        // Where it goes, as grocers plan delivery runs: the whole PIN code, or how the city starts, in any case.
        await search.getByLabel("Search").fill(place.zipCode);
        await search.getByRole("button", { name: "Apply" }).click();
        await expect(sellerPage).toHaveURL((url) => url.searchParams.get("q") === place.zipCode);
        await expect(sellerOrderCard(sellerPage, first)).toBeVisible();
        await expect(sellerOrderCard(sellerPage, second)).toHaveCount(0);
        await search.getByLabel("Search").fill(`mysuru ${surname.toLowerCase()}`);
        await search.getByRole("button", { name: "Apply" }).click();
        await expect(sellerPage).toHaveURL((url) => url.searchParams.get("q") === `mysuru ${surname.toLowerCase()}`);
        await expect(sellerPage.getByRole("article")).toHaveCount(1);
        await expect(sellerOrderCard(sellerPage, first)).toBeVisible();
        // The PIN with the surname: the orders to that PIN the surname also matches.
        await search.getByLabel("Search").fill(`${place.zipCode} ${surname.toLowerCase()}`);
        await search.getByRole("button", { name: "Apply" }).click();
        await expect(sellerPage).toHaveURL((url) => url.searchParams.get("q") === `${place.zipCode} ${surname.toLowerCase()}`);
        await expect(sellerPage.getByRole("article")).toHaveCount(1);
        await expect(sellerOrderCard(sellerPage, first)).toBeVisible();
        await search.getByLabel("Search").fill(`asha ${surname.toLowerCase()}`);

        await search.getByLabel("Payment").selectOption("paid");
        await search.getByRole("button", { name: "Apply" }).click();
        await expect(sellerPage).toHaveURL((url) => url.searchParams.get("paid") === "paid");
        await expect(sellerPage.getByRole("article")).toHaveCount(1);
        await expect(sellerOrderCard(sellerPage, second)).toBeVisible();
        await expect(search.getByRole("button", { name: "Apply" })).toBeFocused();
        // Back, the fields say what the list shows again: the search before, any payment.
        await sellerPage.goBack();
        await expect(sellerPage).toHaveURL((url) => !url.searchParams.get("paid"));
        await expect(search.getByLabel("Payment")).toHaveValue("");
        await expect(search.getByLabel("Search")).toHaveValue(`${place.zipCode} ${surname.toLowerCase()}`);

        // Straight from a URL (rendered on the server): the order number, the day.
        const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
        await openSellerPage(sellerPage, `/seller/orders?q=${orderNumber(first)}&from=${today}&to=${today}&method=cod`);
        await expect(sellerPage.getByRole("article")).toHaveCount(1);
        await expect(sellerOrderCard(sellerPage, first)).toBeVisible();
        await expect(sellerPage.getByRole("search").getByLabel("From")).toHaveValue(today);
        await openSellerPage(sellerPage, `/seller/orders?q=${encodeURIComponent(`Asha ${surname}`)}&to=2020-01-01`);
        await expect(sellerPage.getByText("No orders match these filters.")).toBeVisible();
        await openSellerPage(sellerPage, `/seller/orders?q=${encodeURIComponent(`Asha ${surname}`)}&method=card`);
        await expect(sellerPage.getByText("No orders match these filters.")).toBeVisible();
        await openSellerPage(sellerPage, "/seller/orders?from=2026-02-30");
        await expect(sellerPage.getByRole("alert")).toHaveText("That date does not exist");
        // A start after the end: the message, and the page around it as the seller left it (the
        // status chosen, both days, the count of orders to pack: this test's first order is one).
        await openSellerPage(sellerPage, `/seller/orders?status=Order+Placed&from=${today}&to=2020-01-01`);
        await expect(sellerPage.getByRole("alert")).toHaveText("The start date is after the end date");
        await expect(sellerPage.getByRole("article")).toHaveCount(0);
        await expect(sellerPage.getByRole("navigation", { name: "Filter by status" }).getByRole("link", { name: "Order Placed" })).toHaveAttribute(
          "aria-current",
          "page",
        );
        await expect(search.getByLabel("From")).toHaveValue(today);
        await expect(search.getByLabel("To")).toHaveValue("2020-01-01");
        await expect(sellerPage.getByTestId("awaiting-packing")).toHaveText(/^[1-9]\d* waiting to be packed$/);
      });
    }

    test("the seller notes something on an order, finds the order by the note's words, and the shopper never sees it", async ({
      sellerPage,
      page: shopperPage,
      shopper,
    }) => {
      const surname = uniqueSurname();
      const orderId = await placeOrderByApi(shopperPage, shopper, { lastName: surname });
      const note = `Ring twice, ${surname} has a sleeping baby`;
      await openSellerPage(sellerPage, `/seller/orders?q=${surname.toLowerCase()}`);
      const card = sellerOrderCard(sellerPage, orderId);
      await card.getByText("Notes (0)").click();
      await card.getByLabel("A note only you see").fill(note);
      await card.getByRole("button", { name: "Add note" }).click();
      await expect(sellerPage.getByRole("status").getByText(`Note added to order ${orderNumber(orderId)}`)).toBeVisible();
      await expect(card.getByTestId("order-notes")).toContainText(note);
      await expect(card.getByLabel("A note only you see")).toHaveValue("");

      const search = sellerPage.getByRole("search", { name: "Search and filter orders" });
      await search.getByLabel("Search").fill(`${surname} has a sleeping`);
      await search.getByLabel("Search").press("Enter");
      await expect(orderCards(sellerPage)).toHaveCount(1);
      await expect(sellerOrderCard(sellerPage, orderId)).toBeVisible();

      await open(shopperPage, `/my-orders/${orderId}`);
      await expect(shopperPage.getByRole("heading", { level: 1 })).toHaveText(`Order ${orderNumber(orderId)}`);
      await expect(shopperPage.getByText("sleeping baby")).toHaveCount(0);
    });

    test("a tap right after a move, on the button now in the moved one's place, moves neither the order a second step nor the next order; each move names its order", async ({
      sellerPage,
      page: shopperPage,
      shopper,
    }) => {
      const surname = uniqueSurname();
      const older = await placeOrderByApi(shopperPage, shopper, { lastName: surname });
      const newer = await placeOrderByApi(shopperPage, shopper, { lastName: surname });
      const posts: string[] = [];
      sellerPage.on("request", (request) => {
        if (request.method() === "POST") posts.push(request.url());
      });
      // A finger's tap (a mouse click on the desktop) where the button is, without waiting for it to be on: what a double tap does.
      const tap = async (button: Locator) => {
        await button.scrollIntoViewIfNeeded();
        const box = (await button.boundingBox())!;
        const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
        await (device.name === "phone" ? sellerPage.touchscreen.tap(x, y) : sellerPage.mouse.click(x, y));
      };

      // The page's clock stands still from a move until the second tap, so the tap comes "right after" however slow this machine is.
      await sellerPage.clock.install();
      // From the page's own time: under load it may run ahead of this process's, and a pause cannot go back.
      const holdTheClock = async () => sellerPage.clock.pauseAt((await sellerPage.evaluate(() => Date.now())) + 100);

      // In the list of orders to pack, the newer one's card is first; packed, it leaves, and the older one's button moves up.
      await openSellerPage(sellerPage, `/seller/orders?status=Order+Placed&q=${encodeURIComponent(`Asha ${surname}`)}`);
      await holdTheClock();
      await tap(sellerOrderCard(sellerPage, newer).getByRole("button", { name: "Mark Packed" }));
      await expect(sellerOrderCard(sellerPage, newer)).toHaveCount(0);
      const olderPack = sellerOrderCard(sellerPage, older).getByRole("button", { name: "Mark Packed" });
      await tap(olderPack);
      // The answer names the order that moved, though its card has gone.
      await expect(sellerPage.getByRole("status").getByText(`Order ${orderNumber(newer)} is now Packed`, { exact: true })).toBeVisible();
      await sellerPage.clock.resume();
      await expect(olderPack).not.toHaveAttribute("aria-disabled");
      expect(posts).toHaveLength(1);
      await expect(sellerOrderCard(sellerPage, older).getByTestId("seller-order-status")).toHaveText("Order Placed");

      // In the whole list, the next step's button takes the tapped one's place.
      await openSellerPage(sellerPage, `/seller/orders?q=${encodeURIComponent(`Asha ${surname}`)}`);
      const card = sellerOrderCard(sellerPage, older);
      // Every card's buttons have the same words; each says which order it moves.
      await expect(card.getByRole("button", { name: "Mark Packed" })).toHaveAccessibleDescription(`#${orderNumber(older)}`);
      await expect(card.getByRole("link", { name: "Cancel", exact: true })).toHaveAccessibleDescription(`#${orderNumber(older)}`);
      await holdTheClock();
      await tap(card.getByRole("button", { name: "Mark Packed" }));
      await expect(card.getByTestId("seller-order-status")).toHaveText("Packed");
      const sendOut = card.getByRole("button", { name: "Mark Out for delivery" });
      await tap(sendOut);
      await sellerPage.clock.resume();
      await expect(sendOut).not.toHaveAttribute("aria-disabled");
      await expect(card.getByTestId("seller-order-status")).toHaveText("Packed");
      expect(posts).toHaveLength(2);
      // Once it has settled, the button works.
      await sendOut.click();
      await expect(card.getByTestId("seller-order-status")).toHaveText("Out for delivery");
      // A delivery that fails comes back: the order out for delivery can still be cancelled, saying why.
      await card.getByRole("link", { name: "Cancel", exact: true }).click();
      const dialog = sellerPage.getByRole("dialog", { name: `Cancel order ${orderNumber(older)}?` });
      await dialog.getByRole("radio", { name: "Customer refused the delivery" }).check();
      await dialog.getByRole("button", { name: "Yes, cancel order" }).click();
      await expect(card.getByTestId("seller-order-status")).toHaveText("Cancelled");
      await expect(card.getByTestId("cancel-reason")).toHaveText("Cancelled by you: Customer refused the delivery");
    });

    test("by keyboard, an order packed out of the 'to pack' list hands the focus to the next order's card, not to its button: a second Enter packs nothing", async ({
      sellerPage,
      page: shopperPage,
      shopper,
    }) => {
      const surname = uniqueSurname();
      const older = await placeOrderByApi(shopperPage, shopper, { lastName: surname });
      const newer = await placeOrderByApi(shopperPage, shopper, { lastName: surname });
      await openSellerPage(sellerPage, `/seller/orders?status=Order+Placed&q=${encodeURIComponent(`Asha ${surname}`)}`);
      await sellerOrderCard(sellerPage, newer).getByRole("button", { name: "Mark Packed" }).focus();
      await sellerPage.keyboard.press("Enter");
      await expect(sellerOrderCard(sellerPage, newer)).toHaveCount(0);
      await expect(sellerOrderCard(sellerPage, older)).toBeFocused();
      await sellerPage.keyboard.press("Enter");
      await expect(sellerOrderCard(sellerPage, older).getByTestId("seller-order-status")).toHaveText("Order Placed");
      // Tab goes on into that order, to its own step.
      await sellerPage.keyboard.press("Tab");
      await expect(sellerOrderCard(sellerPage, older).locator(":focus")).toHaveCount(1);
    });

    test("cancelling asks for a confirmation and a reason (a note for Other); the shopper sees both", async ({ sellerPage, page: shopperPage, shopper }) => {
      const surname = uniqueSurname();
      const orderId = await placeOrderByApi(shopperPage, shopper, { lastName: surname });
      await openSellerPage(sellerPage, `/seller/orders?q=${encodeURIComponent(`Asha ${surname}`)}`);
      const card = sellerOrderCard(sellerPage, orderId);
      await card.getByRole("link", { name: "Cancel", exact: true }).click();
      const dialog = sellerPage.getByRole("dialog", { name: `Cancel order ${orderNumber(orderId)}?` });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("radio", { name: "Other" }).check();
      await dialog.getByRole("button", { name: "Yes, cancel order" }).click();
      await expect(dialog.getByRole("alert")).toHaveText("Write a note for the customer when the reason is Other");
      await expect(card.getByTestId("seller-order-status")).toHaveText("Order Placed");

      await dialog.getByLabel(/Note for the customer/).fill("Our van broke down; sorry!");
      await dialog.getByRole("button", { name: "Yes, cancel order" }).click();
      await expect(dialog).toBeHidden();
      await expect(card.getByTestId("seller-order-status")).toHaveText("Cancelled");
      // The focus stays with the order (the page's heading, at the top of a long list, lost the seller's place).
      await expect(card).toBeFocused();
      await expect(card.getByTestId("cancel-reason")).toHaveText("Cancelled by you: Other (Our van broke down; sorry!)");
      await expect(card.getByRole("link", { name: "Cancel", exact: true })).toHaveCount(0);
      // Its packing slip, if printed from an old list, tells the packer to stop.
      await sellerPage.goto(`/seller/orders/${orderId}/packing-slip`);
      await expect(sellerPage.getByTestId("paper-cancelled")).toHaveText("Cancelled: do not pack");
      await sellerPage.goBack();

      await open(shopperPage, "/my-orders");
      const mine = orderCards(shopperPage).filter({ has: shopperPage.getByText(orderNumber(orderId)) });
      await expect(mine.getByTestId("order-status")).toHaveText("Cancelled");
      await expect(mine.getByTestId("cancel-reason")).toHaveText("Cancelled by the store: Other (Our van broke down; sorry!)");
    });

    test("the invoice and the packing slip print without the seller's screen around them", async ({
      sellerPage,
      sellerRequest,
      page: shopperPage,
      shopper,
    }) => {
      const surname = uniqueSurname();
      const orderId = await placeOrderByApi(shopperPage, shopper, { lastName: surname, items: [{ product: "seed-apple-1-kg", quantity: 2 }] });
      await moveBySeller(sellerRequest, orderId, "Packed"); // packed: its invoice is numbered (ADR 073)
      await openSellerPage(sellerPage, `/seller/orders?q=${encodeURIComponent(`Asha ${surname}`)}`);
      await sellerOrderCard(sellerPage, orderId)
        .getByRole("link", { name: `Invoice of order ${orderNumber(orderId)}` })
        .click();
      await expect(sellerPage).toHaveURL(`/seller/orders/${orderId}/invoice`);
      // Back leads to this order in the list, not to the whole list.
      await expect(sellerPage.getByRole("link", { name: "← Back to the order in Orders" })).toHaveAttribute("href", `/seller/orders?q=${orderNumber(orderId)}`);
      await sellerPage.emulateMedia({ media: "print" });
      await expect(sellerPage.getByRole("heading", { level: 1 })).toHaveText(INVOICE_TITLE);
      await expect(sellerPage.getByRole("navigation", { name: "Seller" })).toHaveCount(0);
      await expect(sellerPage.getByRole("button", { name: "Print" })).toBeHidden();
      await expect(sellerPage.getByText(`Asha ${surname}`)).toBeVisible();
      await expect(sellerPage.getByTestId("invoice-total")).toHaveText("₹224.40");

      await sellerPage.goto(`/seller/orders/${orderId}/packing-slip`);
      await expect(sellerPage.getByRole("heading", { level: 1 })).toHaveText("Packing Slip");
      await expect(sellerPage.getByRole("row").filter({ hasText: "Apple 1 kg" })).toContainText("2");
      // No prices on the lines; a cash order says what the rider collects.
      await expect(sellerPage.getByRole("table").getByText("₹")).toHaveCount(0);
      await expect(sellerPage.getByTestId("cash-to-collect")).toHaveText("Collect in cash: ₹224.40");
      await expect(sellerPage.getByText("2 units in 1 line", { exact: true })).toBeVisible();
    });
  });
}

test("without JavaScript the seller cancels through a confirmation page", async ({ browser, page: shopperPage, shopper }) => {
  const context = await browser.newContext({ storageState: SELLER_STATE, javaScriptEnabled: false });
  const page = await context.newPage();
  const surname = uniqueSurname();
  const orderId = await placeOrderByApi(shopperPage, shopper, { lastName: surname });
  await page.goto(`/seller/orders?q=${encodeURIComponent(`Asha ${surname}`)}`);
  await sellerOrderCard(page, orderId).getByRole("link", { name: "Cancel", exact: true }).click();
  await expect(page).toHaveURL(`/seller/orders/${orderId}/cancel`);
  // "Other" needs a note: refused, the page comes back with the reason still chosen.
  await page.getByRole("radio", { name: "Other" }).check();
  await page.getByRole("button", { name: "Yes, cancel order" }).click();
  await expect(page.getByRole("alert")).toHaveText("Write a note for the customer when the reason is Other");
  await expect(page.getByRole("radio", { name: "Other" })).toBeChecked();
  await page.getByRole("radio", { name: "Items out of stock" }).check();
  await page.getByRole("button", { name: "Yes, cancel order" }).click();
  await expect(page).toHaveURL("/seller/orders");
  await page.goto(`/seller/orders?q=${encodeURIComponent(`Asha ${surname}`)}`);
  await expect(sellerOrderCard(page, orderId).getByTestId("cancel-reason")).toHaveText("Cancelled by you: Items out of stock");
  await context.close();
});

test("on a phone the seller's pages are a row of labelled tabs above the page, and the page takes the width", { tag: ["@mobile"] }, async ({ sellerPage }) => {
  await openSellerPage(sellerPage, "/seller/product-list");
  const nav = sellerPage.getByRole("navigation", { name: "Seller" });
  const heading = (await sellerPage.getByRole("heading", { level: 1 }).boundingBox())!;
  for (const label of ["Dashboard", "Add Product", "Product List", "Orders", "Settings", "Search words", "Data requests"]) {
    const name = nav.getByText(label, { exact: true });
    await expect(name).toBeVisible();
    const box = (await name.boundingBox())!;
    expect(box.y + box.height, label).toBeLessThan(heading.y);
  }
  await expect(nav.getByRole("link", { name: "Product List" })).toHaveAttribute("aria-current", "page");
  // A tab reached by the keyboard shows its outline inside itself: between the tabs and at the screen's edge an outer one is cut off.
  await nav.getByRole("link", { name: "Add Product" }).focus();
  await sellerPage.keyboard.press("Tab");
  const focused = nav.getByRole("link", { name: "Product List" });
  await expect(focused).toBeFocused();
  expect(await focused.evaluate((link) => [link.matches(":focus-visible"), parseFloat(getComputedStyle(link).outlineOffset) < 0])).toEqual([true, true]);
  // No sidebar beside the page: it starts at the phone's margin, and nothing scrolls sideways.
  expect(heading.x).toBeLessThan(24);
  expect(await sellerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(sellerPage.viewportSize()!.width);
});
