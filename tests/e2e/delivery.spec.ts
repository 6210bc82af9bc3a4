/**
 * The delivery promise (issue 15): a guest checks a pincode in the top bar and the home page, a
 * product page and the cart promise the same thing; without JavaScript too; a shopper's default
 * address feeds the bar; an order to an address outside the area is refused and changes nothing.
 * On a desktop and on a phone (the @mobile copies).
 */
import { APPLE, cartLink, expectCartCount, open, orderSummary, reload, summaryValue, waitForHydration } from "./support/app";
import { addAddressByApi, addToCartFromProductPage, newAddress, orderCards } from "./support/accounts";
import { checkPincode, chipPromise, deliveryChip, expectChipOnOneLine } from "./support/delivery";
import { expect, test } from "./support/fixtures";

const PRODUCT_PATH = `/products/fruits/${APPLE.id}`;

for (const device of ["desktop", "phone @mobile"]) {
  test.describe(`the delivery promise on a ${device}`, () => {
    test("a guest checks an express, a standard and an unserved pincode; home, product page and cart say the same", async ({ page }) => {
      await open(page, "/");
      await expect(chipPromise(page)).toHaveText("See delivery time");
      await expect(page.getByTestId("hero-promise")).toHaveText(
        "Groceries and snacks at your door. In 30 minutes in our express areas, 2-7 business days anywhere else in Karnataka.",
      );

      await checkPincode(page, "560001");
      await expect(chipPromise(page)).toHaveText("Delivery in 30 min");
      await expect(page.locator("[aria-live=polite]").filter({ hasText: "Delivery in 30 min" })).toBeAttached();

      await open(page, PRODUCT_PATH);
      await expect(chipPromise(page)).toHaveText("Delivery in 30 min");
      await expect(page.getByTestId("page-delivery-promise")).toHaveText("Delivery in 30 min to 560001");
      // The price does not claim to include a tax that the checkout adds.
      await expect(page.getByTestId("price-tax-note")).toHaveText("+ 2% tax added at checkout");
      await expect(page.getByRole("main")).not.toContainText("inclusive of all taxes");

      await checkPincode(page, "560100");
      await expect(chipPromise(page)).toHaveText("Delivery in 2-7 business days");
      await expectChipOnOneLine(page);
      await expect(page.getByTestId("page-delivery-promise")).toHaveText("Delivery in 2-7 business days to 560100");

      await page.getByRole("button", { name: "Add to Cart" }).click();
      await expectCartCount(page, 1);
      await cartLink(page).click();
      await expect(page).toHaveURL("/cart");
      await expect(chipPromise(page)).toHaveText("Delivery in 2-7 business days");
      await expect(summaryValue(page, "Tax (2%)")).toHaveText("₹2.20");

      await checkPincode(page, "400001");
      await expect(chipPromise(page)).toHaveText("We don't deliver to 400001 yet");
      await expectChipOnOneLine(page);
      await open(page, "/");
      await expect(chipPromise(page)).toHaveText("We don't deliver to 400001 yet");
    });

    if (device === "desktop") {
      test("a pincode that is not one is refused with its reason, and the bar keeps the last good one", async ({ page }) => {
        await open(page, "/");
        await checkPincode(page, "560001");
        const banner = page.getByRole("banner");
        // Opened from the keyboard, the panel puts the focus in its field, the last pincode selected to type over.
        await deliveryChip(page).focus();
        await page.keyboard.press("Enter");
        const field = banner.getByLabel("Delivery pincode");
        await expect(field).toBeFocused();
        expect(await field.evaluate((input: HTMLInputElement) => input.value.slice(input.selectionStart!, input.selectionEnd!))).toBe("560001");
        await page.keyboard.type("12345");
        await banner.getByRole("button", { name: "Check" }).click();
        await expect(banner.getByRole("alert")).toHaveText("Enter a 6-digit PIN code, such as 560001");
        // The field says so too, for a screen reader meeting it again.
        await expect(field).toHaveAttribute("aria-invalid", "true");
        await expect(field).toHaveAccessibleDescription("Enter a 6-digit PIN code, such as 560001");
        await expect(chipPromise(page)).toHaveText("Delivery in 30 min");
        // Closed and opened again, the panel shows the pincode in use, not the refused entry and its reason.
        await page.keyboard.press("Escape");
        await expect(field).toBeHidden();
        await deliveryChip(page).click();
        await expect(field).toBeFocused();
        await expect(field).toHaveValue("560001");
        await expect(field).not.toHaveAttribute("aria-invalid");
        await expect(banner.getByRole("alert")).toHaveCount(0);
        await reload(page);
        await expect(chipPromise(page)).toHaveText("Delivery in 30 min");
      });
    }

    test("typed straight after opening, by a tap or by Enter, every key lands in the pincode field", async ({ page }) => {
      await open(page, "/");
      const field = page.getByRole("banner").getByLabel("Delivery pincode");
      // No wait between opening and typing: the field has the focus as the panel opens.
      await deliveryChip(page).click();
      await page.keyboard.type("560100");
      await expect(field).toHaveValue("560100");
      await page.keyboard.press("Enter");
      await expect(chipPromise(page)).toHaveText("Delivery in 2-7 business days");

      // Reloaded, the page is hydrated first: before that the panel opens natively, and the field gets no focus.
      await reload(page);
      await waitForHydration(page);
      await deliveryChip(page).focus();
      await page.keyboard.press("Enter");
      await page.keyboard.type("560001");
      await expect(field).toHaveValue("560001");
      await page.keyboard.press("Enter");
      await expect(chipPromise(page)).toHaveText("Delivery in 30 min");
    });

    if (device === "desktop") {
      test("a signed-in shopper's default address is the bar's pincode", async ({ page, address }) => {
        await open(page, PRODUCT_PATH);
        await expect(page.getByRole("banner").getByText(`Deliver to ${address.zipCode}`, { exact: true })).toBeVisible();
        await expect(chipPromise(page)).toHaveText("Delivery in 30 min");
        await deliveryChip(page).click();
        await expect(page.getByRole("banner").getByRole("link", { name: "Change it in your addresses" })).toBeVisible();
      });
    }

    test("an address outside the area cannot be ordered to: the reason beside Place Order, which does nothing; another address, which the top bar then names, goes through", async ({
      page,
      shopper,
    }) => {
      const mumbai = newAddress(shopper, { street: "1 Marine Drive", city: "Mumbai", state: "Maharashtra", zipCode: "400001" });
      await addAddressByApi(page, mumbai);
      await addAddressByApi(page, newAddress(shopper, { street: "2 MG Road", zipCode: "560001" }));
      await addToCartFromProductPage(page, APPLE, { signedIn: true });
      await open(page, "/cart");
      const choice = page.getByRole("radio", { name: /1 Marine Drive/ });
      await expect(choice).toBeChecked();
      await expect(orderSummary(page)).toContainText("We don't deliver to 400001 yet");
      const placeOrder = page.getByRole("button", { name: "Place Order" });
      const reason = "We don't deliver to 400001 yet: choose another address to place your order, or add one where we deliver.";
      await expect(placeOrder).toHaveAttribute("aria-disabled", "true");
      await expect(placeOrder).toHaveAccessibleDescription(reason);

      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST") posts.push(request.url());
      });
      await placeOrder.click({ force: true });
      await expect(page).toHaveURL("/cart");
      expect(posts).toEqual([]);
      await expectCartCount(page, 1);

      // Another address: the reason goes, the top bar follows it, and the order goes through.
      await page.getByRole("radio", { name: /2 MG Road/ }).check();
      await expect(placeOrder).not.toHaveAttribute("aria-disabled");
      await expect(page.getByRole("banner").getByText("Deliver to 560001", { exact: true })).toBeVisible();
      await expect(chipPromise(page)).toHaveText("Delivery in 30 min");
      await expect(page.getByText(reason)).toHaveCount(0);
      await placeOrder.click();
      await expect(page).toHaveURL(/\/my-orders\?placed=/);
      await expect(orderCards(page)).toHaveCount(1);
      // Where the order went is now where the shopper has things delivered: the bar follows.
      await expect(page.getByRole("banner").getByText("Deliver to 560001", { exact: true })).toBeVisible();
      await expect(chipPromise(page)).toHaveText("Delivery in 30 min");
    });

    test("an address added on the way to checkout is the one chosen; the form starts with the account's name and e-mail and the checked pincode", async ({
      page,
      shopper,
    }) => {
      await open(page, "/");
      await checkPincode(page, "560034");
      await addToCartFromProductPage(page, APPLE, { signedIn: true });
      await open(page, "/cart");
      await page.getByRole("main").getByRole("link", { name: "Add address" }).click();
      await expect(page).toHaveURL("/add-address");
      const [firstName, lastName] = shopper.name.split(" ");
      await expect(page.getByLabel("First name")).toHaveValue(firstName!);
      await expect(page.getByLabel("Last name")).toHaveValue(lastName!);
      await expect(page.getByLabel("Email address")).toHaveValue(shopper.email);
      await expect(page.getByLabel("PIN code")).toHaveValue("560034");
      await expect(page.getByLabel("State or union territory")).toHaveValue("Karnataka");
      await expect(page.getByLabel("Mobile number")).toHaveValue("");
      await page.getByLabel("Mobile number").fill("9876543210");
      await page.getByLabel("Flat, house, street and area").fill("4 Koramangala 5th Block");
      await page.getByLabel("City").fill("Bengaluru");
      await page.getByRole("button", { name: "Save address" }).click();
      await expect(page).toHaveURL(/\/cart\?address=/);
      await expect(page.getByRole("radio", { name: /4 Koramangala 5th Block/ })).toBeChecked();

      // Another, added while the first is the default: the new one is chosen.
      await addAddressByApi(page, newAddress(shopper, { street: "1 Marine Drive", city: "Mumbai", state: "Maharashtra", zipCode: "400001" }));
      await open(page, "/cart");
      await page.getByRole("main").getByRole("link", { name: "Add address" }).click();
      await page.getByLabel("Mobile number").fill("9876543210");
      await page.getByLabel("Flat, house, street and area").fill("7 Indiranagar 100 Feet Road");
      await page.getByLabel("City").fill("Bengaluru");
      await page.getByLabel("PIN code").fill("560038");
      await page.getByRole("button", { name: "Save address" }).click();
      await expect(page.getByRole("radio", { name: /7 Indiranagar 100 Feet Road/ })).toBeChecked();
      await expect(page.getByRole("radio", { name: /4 Koramangala 5th Block/ })).not.toBeChecked();
      await expect(page.getByRole("button", { name: "Place Order" })).not.toHaveAttribute("aria-disabled");

      // An address that is not one of theirs in the link (made up, or another shopper's): the default is chosen.
      await open(page, "/cart?address=not-an-address");
      await expect(page.getByRole("radio", { name: /4 Koramangala 5th Block/ })).toBeChecked();
    });
  });
}

test.describe("without JavaScript", () => {
  test("an order to an address outside the area is refused by the server with the reason; nothing is ordered", async ({ browser, baseURL, page, shopper }) => {
    await addAddressByApi(page, newAddress(shopper, { street: "1 Marine Drive", city: "Mumbai", state: "Maharashtra", zipCode: "400001" }));
    await addToCartFromProductPage(page, APPLE, { signedIn: true });
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL, storageState: await page.context().storageState() });
    const noScripts = await context.newPage();
    await noScripts.goto("/cart");
    await noScripts.getByRole("button", { name: "Place Order" }).click();
    await expect(noScripts).toHaveURL("/cart");
    await expect(
      noScripts.getByRole("status").getByText("We don't deliver to 400001 yet: we deliver only within Karnataka. Please choose another address."),
    ).toBeVisible();
    const orders = (await (await page.request.get("/api/order/user")).json()) as { orders: unknown[] };
    expect(orders.orders).toEqual([]);
    await context.close();
  });

  test("the Deliver to form posts the pincode and lands back on the page with the promise; a bad one gets its reason on /delivery", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto(PRODUCT_PATH);
    const banner = page.getByRole("banner");
    await deliveryChip(page).click(); // a <details>: it opens without scripts
    await banner.getByLabel("Delivery pincode").fill("560001");
    await banner.getByRole("button", { name: "Check" }).click();
    await expect(page).toHaveURL(PRODUCT_PATH);
    await expect(chipPromise(page)).toHaveText("Delivery in 30 min");
    await expect(page.getByTestId("page-delivery-promise")).toHaveText("Delivery in 30 min to 560001");

    // Not a PIN: the form lands on /delivery with the reason (400), and nothing was remembered.
    await deliveryChip(page).click();
    await banner.getByLabel("Delivery pincode").fill("56001");
    const refused = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/delivery");
    await banner.getByRole("button", { name: "Check" }).click();
    expect((await refused).status()).toBe(400);
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("Enter a 6-digit PIN code, such as 560001");
    await expect(page.getByRole("main").getByLabel("Delivery pincode")).toHaveAttribute("aria-invalid", "true");
    await expect(chipPromise(page)).toHaveText("Delivery in 30 min");
    // Its Back link (and a good pincode) go back to the product page, not to the home page.
    await expect(page.getByRole("link", { name: "← Back to shopping" })).toHaveAttribute("href", PRODUCT_PATH);
    // Typed with a space, as the top bar's field takes it: the digits are read.
    await page.getByRole("main").getByLabel("Delivery pincode").fill("560 100");
    await page.getByRole("main").getByRole("button", { name: "Check" }).click();
    await expect(page).toHaveURL(PRODUCT_PATH);
    await expect(chipPromise(page)).toHaveText("Delivery in 2-7 business days");

    // The page of its own, for a deep link and for the message.
    await page.goto("/delivery?redirectTo=/cart");
    await page.getByRole("main").getByLabel("Delivery pincode").fill("400001");
    await page.getByRole("main").getByRole("button", { name: "Check" }).click();
    await expect(page).toHaveURL("/cart");
    await expect(chipPromise(page)).toHaveText("We don't deliver to 400001 yet");
    await context.close();
  });
});
