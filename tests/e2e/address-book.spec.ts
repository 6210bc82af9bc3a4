/**
 * The address book (issue 15): add with visible labels and Indian rules, choose the default (the
 * top bar follows), edit, delete; on a desktop and on a phone (the @mobile copies). Without
 * JavaScript the same forms work.
 */
import { APPLE, expectQuestionClosesByKeyboard, open } from "./support/app";
import { addAddressByApi, addToCartFromProductPage, fillAddressForm, newAddress } from "./support/accounts";
import { chipPromise } from "./support/delivery";
import { expect, test } from "./support/fixtures";

for (const device of ["desktop", "phone @mobile"]) {
  test.describe(`the address book on a ${device}`, () => {
    test("add a second address, make it the default (the bar follows), edit it, delete the first", async ({ page, shopper, address }) => {
      await open(page, "/addresses");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("My addresses");
      const cards = page.getByRole("main").getByRole("article");
      await expect(cards).toHaveCount(1);
      await expect(cards.first()).toContainText("Default");

      await page.getByRole("link", { name: "Add a new address" }).click();
      await expect(page).toHaveURL("/add-address?redirectTo=/addresses");
      const office = newAddress(shopper, { street: "1 Electronic City Phase 1", zipCode: "560100" });
      await fillAddressForm(page, office);
      await page.getByRole("button", { name: "Save address" }).click();
      await expect(page).toHaveURL("/addresses");
      await expect(page.getByRole("status").getByText("Address saved")).toBeVisible();
      await expect(cards).toHaveCount(2);
      const officeCard = cards.filter({ hasText: office.street });
      await expect(officeCard).toContainText("Delivery in 2-7 business days");
      await expect(officeCard).not.toContainText("Default");

      await officeCard.getByRole("button", { name: "Make default" }).click();
      await expect(page.getByRole("status").getByText("Default address changed")).toBeVisible();
      await expect(cards.first()).toContainText(office.street);
      await expect(cards.first()).toContainText("Default");
      await expect(page.getByRole("banner").getByText("Deliver to 560100", { exact: true })).toBeVisible();
      await expect(chipPromise(page)).toHaveText("Delivery in 2-7 business days");

      await officeCard.getByRole("link", { name: /^Edit/ }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit address");
      await expect(page.getByLabel("PIN code")).toHaveValue("560100");
      await page.getByLabel("Flat, house, street and area").fill("22 Brigade Road");
      // Typed with a space, as PIN codes are often written: the same PIN as in the top bar.
      await page.getByLabel("PIN code").fill("560 025");
      await page.getByRole("button", { name: "Save changes" }).click();
      await expect(page).toHaveURL("/addresses");
      await expect(page.getByRole("status").getByText("Address saved").last()).toBeVisible(); // the first save's may still show
      await expect(cards.first()).toContainText("22 Brigade Road");
      await expect(cards.first()).toContainText("Delivery in 30 min");
      await expect(chipPromise(page)).toHaveText("Delivery in 30 min");
      await expect(page.getByRole("banner").getByText("Deliver to 560025", { exact: true })).toBeVisible();

      const homeCard = cards.filter({ hasText: address.street });
      const deleteToggle = homeCard.getByText("Delete", { exact: true });
      const yes = homeCard.getByRole("button", { name: "Yes, delete" });
      await expectQuestionClosesByKeyboard(page, deleteToggle, yes, homeCard.getByRole("button", { name: "Keep" }));
      await expect(cards).toHaveCount(2);

      await page.keyboard.press("Enter");
      await yes.focus();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("status").getByText("Address deleted")).toBeVisible();
      await expect(cards).toHaveCount(1);
      await expect(cards.first()).toContainText("22 Brigade Road");
      // The focus stays in the list, on the control now nearest to where Yes, delete was.
      await expect(page.getByRole("main").getByRole("listitem").locator(":focus")).toHaveCount(1);
    });

    test("a very long name and street wrap: the cart and the address book never scroll sideways, and delete stays in reach", async ({
      page,
      shopper,
      address,
    }) => {
      const long = newAddress(shopper, {
        firstName: "A".repeat(50),
        lastName: "Venkatanarasimharajuvaripetacheruvu",
        street: "12/3rdCrossMGRoadOppositeTheBigBanyanTree",
      });
      await addAddressByApi(page, long);
      const fitsTheScreen = async () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      await open(page, "/cart");
      expect(await fitsTheScreen(), "the cart fits the screen's width").toBe(true);
      await open(page, "/addresses");
      const cards = page.getByRole("main").getByRole("article");
      await expect(cards).toHaveCount(2);
      expect(await fitsTheScreen(), "the address book fits the screen's width").toBe(true);
      const longCard = cards.filter({ hasText: long.street });
      await longCard.getByText("Delete", { exact: true }).click();
      await longCard.getByRole("button", { name: "Yes, delete" }).click();
      await expect(page.getByRole("status").getByText("Address deleted")).toBeVisible();
      await expect(cards).toHaveCount(1);
      await expect(cards.first()).toContainText(address.street);
    });

    test("the form says what is wrong with an Indian address, and saves nothing", async ({ page, shopper, address: _ }) => {
      // Something in the cart: the cart bar is on the product page, and not on the form (it would cover Save).
      await addToCartFromProductPage(page, APPLE, { signedIn: true });
      await expect(page.locator(".cart-bar")).toHaveCount(1);
      await open(page, "/add-address?redirectTo=/addresses");
      await expect(page.locator(".cart-bar")).toHaveCount(0);
      // Every field has a visible label (not only a placeholder).
      for (const label of [
        "First name",
        "Last name",
        "Email address",
        "Mobile number",
        "Flat, house, street and area",
        "City",
        "State or union territory",
        "PIN code",
        "Country",
      ]) {
        await expect(page.getByRole("main").locator("label").filter({ hasText: label }), label).toBeVisible();
        await expect(page.getByLabel(label), label).toBeVisible();
      }
      await fillAddressForm(page, newAddress(shopper, { street: "9 Wrong Street", zipCode: "400001" }));
      await page.getByRole("button", { name: "Save address" }).click();
      // Each reason under the field it is about, which is marked invalid and has the focus.
      const pin = page.getByLabel("PIN code");
      await expect(page.getByRole("alert")).toHaveText("PIN 400001 is in Maharashtra, not Karnataka. Check the PIN code or the state.");
      await expect(pin).toHaveAttribute("aria-invalid", "true");
      await expect(pin).toHaveAccessibleDescription("PIN 400001 is in Maharashtra, not Karnataka. Check the PIN code or the state.");
      await expect(pin).toBeFocused();

      // Two fields left empty: both reasons at once, each under its field, the first focused (the
      // browser's own check would have named the first alone).
      await page.getByLabel("First name").fill("");
      await page.getByLabel("City").fill("");
      await page.getByRole("button", { name: "Save address" }).click();
      await expect(page.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByLabel("City")).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByLabel("First name")).toBeFocused();

      // Too short: the server's reason, under the field (the browser's own pattern message said less).
      await fillAddressForm(page, newAddress(shopper, { street: "9 Wrong Street", zipCode: "5600" }));
      await page.getByRole("button", { name: "Save address" }).click();
      await expect(page.getByLabel("First name")).not.toHaveAttribute("aria-invalid");
      await expect(page.getByRole("alert")).toHaveText("Enter a 6-digit PIN code, such as 560001");
      await expect(pin).toHaveAccessibleDescription("Enter a 6-digit PIN code, such as 560001");
      await expect(pin).toBeFocused();

      await fillAddressForm(page, newAddress(shopper, { street: "9 Wrong Street", phone: "12345 67890" }));
      await page.getByRole("button", { name: "Save address" }).click();
      const mobile = page.getByLabel(/^Mobile number/);
      await expect(page.getByRole("alert")).toHaveText("Enter a 10-digit Indian mobile number, such as 98765 43210");
      await expect(mobile).toHaveAccessibleDescription("Enter a 10-digit Indian mobile number, such as 98765 43210");
      await expect(mobile).toBeFocused();
      await expect(pin).not.toHaveAttribute("aria-invalid");

      // Two fields refused at once (a state no list offers, as a tampered post sends): each says
      // why, and the focus goes to the first on the form, the state, not the PIN below it.
      const state = page.getByLabel("State or union territory");
      await fillAddressForm(page, newAddress(shopper, { street: "9 Wrong Street", zipCode: "5600" }));
      await state.evaluate((select) => {
        if (select instanceof HTMLSelectElement) select.options[select.selectedIndex]!.value = "Atlantis";
      });
      await page.getByRole("button", { name: "Save address" }).click();
      await expect(pin).toHaveAccessibleDescription("Enter a 6-digit PIN code, such as 560001");
      await expect(state).toHaveAttribute("aria-invalid", "true");
      await expect(state).toBeFocused();

      await open(page, "/addresses");
      await expect(page.getByRole("main").getByRole("article")).toHaveCount(1);
    });
  });
}

test.describe("the address book without JavaScript", () => {
  test("make default and delete post the form and land back on the list", async ({ browser, baseURL, page, shopper, address: _ }) => {
    await addAddressByApi(page, newAddress(shopper, { street: "5 Second Street", zipCode: "560034" }));
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL, storageState: await page.context().storageState() });
    const noJs = await context.newPage();
    await noJs.goto("/addresses");
    const cards = noJs.getByRole("main").getByRole("article");
    const second = cards.filter({ hasText: "5 Second Street" });
    await second.getByRole("button", { name: "Make default" }).click();
    await expect(noJs).toHaveURL("/addresses");
    await expect(cards.first()).toContainText("5 Second Street");
    await expect(cards.first()).toContainText("Default");

    const other = cards.filter({ hasNotText: "5 Second Street" });
    await other.getByText("Delete", { exact: true }).click();
    await other.getByRole("button", { name: "Yes, delete" }).click();
    await expect(noJs).toHaveURL("/addresses");
    await expect(cards).toHaveCount(1);
    await context.close();
  });

  test("a refused new address comes back with the reason and every field as typed; nothing is saved until it is corrected", async ({
    browser,
    baseURL,
    page,
    shopper,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL, storageState: await page.context().storageState() });
    const noJs = await context.newPage();
    await noJs.goto("/add-address");
    const typed = newAddress(shopper, { street: "9 Lake View Road", phone: "12345" });
    await fillAddressForm(noJs, typed);
    await noJs.getByLabel("Make this my default delivery address").check();
    await noJs.getByRole("button", { name: "Save address" }).click();

    await expect(noJs.getByRole("alert")).toHaveText("Enter a 10-digit Indian mobile number, such as 98765 43210");
    await expect(noJs.getByLabel("Mobile number")).toHaveAttribute("aria-invalid", "true");
    await expect(noJs.getByLabel("Mobile number")).toBeFocused();
    await expect(noJs.getByLabel("Flat, house, street and area")).toHaveValue("9 Lake View Road");
    await expect(noJs.getByLabel("Mobile number")).toHaveValue("12345");
    await expect(noJs.getByLabel("State or union territory")).toHaveValue(typed.state);
    await expect(noJs.getByLabel("PIN code")).toHaveValue(typed.zipCode);
    await expect(noJs.getByLabel("Make this my default delivery address")).toBeChecked();
    const saved = async () => ((await (await noJs.request.get("/api/address/get")).json()) as { addresses: unknown[] }).addresses.length;
    expect(await saved()).toBe(0);
    // Corrected and sent again, without JavaScript too: the next page says it was saved.
    await noJs.getByLabel("Mobile number").fill("9876543210");
    await noJs.getByRole("button", { name: "Save address" }).click();
    await expect(noJs.getByRole("status").getByText("Address saved")).toBeVisible();
    await noJs.goto("/addresses");
    await expect(noJs.getByRole("main").getByRole("article")).toHaveCount(1);
    await context.close();
  });
});
