/**
 * The seller's Settings (issue 16): the seller changes the delivery area and the contact details,
 * and the shopper pages follow; the business details they change are what the invoices print.
 * Journeys run alongside others, so these only change what no other journey reads (an express
 * pincode of their own, the opening hours, the legal name's ending, the GSTIN) and put the settings
 * back. Those that change them are tagged @catalogue: the catalogue project runs its journeys one at
 * a time, so no two of them overlap (playwright.config.ts); the phone's run there in a phone-sized
 * context of their own. Leaving the form with changes not saved asks first (ADR 055): those
 * journeys save nothing, or put back what they saved.
 */
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { istDay } from "../../shared/ist";
import { WEEKDAY_NAMES } from "../../shared/store-hours";
import { open } from "./support/app";
import { openSellerPage, SELLER_STATE } from "./support/accounts";
import { checkPincode, chipPromise } from "./support/delivery";
import { CATALOGUE_TAG, expect, test } from "./support/fixtures";
import { moveBySeller, placeOrderByApi } from "./support/orders";
import { leaveQuestion, leavingMidSave, SCREENS, sellerLink } from "./support/unsaved-changes";

type Settings = Record<string, unknown>;

/** A day whose hours a journey may change while the others run: today's stay open around the clock (seller.setup.ts). */
const DAY_AFTER_TOMORROW = WEEKDAY_NAMES[(istDay(Date.now()) + 2 + 3) % 7]!; // day 0 was a Thursday

async function currentSettings(seller: APIRequestContext): Promise<Settings> {
  const response = await seller.get("/api/seller/settings");
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { settings: Settings }).settings;
}

async function restore(seller: APIRequestContext, origin: string, settings: Settings) {
  const response = await seller.post("/api/seller/settings", { data: settings, headers: { Origin: origin } });
  expect(response.ok(), await response.text()).toBe(true);
}

/** The seller's session in a phone-sized page of its own. */
async function sellerOnPhone(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ storageState: SELLER_STATE, baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  return context.newPage();
}

test.describe("store settings", () => {
  test(
    "the seller adds an express pincode and changes the opening hours; the shopper pages follow",
    { tag: CATALOGUE_TAG },
    async ({ sellerPage, sellerRequest, page, baseURL }) => {
      const before = await currentSettings(sellerRequest);
      try {
        await openSellerPage(sellerPage, "/seller");
        await sellerPage.getByRole("navigation", { name: "Seller" }).getByRole("link", { name: "Settings" }).click();
        await expect(sellerPage).toHaveURL("/seller/settings");
        await expect(sellerPage.getByRole("heading", { level: 1 })).toHaveText("Store settings");
        await expect(sellerPage.getByLabel("State you deliver in")).toHaveValue("Karnataka");
        await expect(sellerPage.getByLabel("Tax rate (%)")).toHaveValue("2");

        const express = sellerPage.getByLabel("Express pincodes");
        await express.fill(`${await express.inputValue()}\n560103 45`);
        // The day after tomorrow's hours: today's stay open around the clock for the journeys beside this one.
        await sellerPage.getByLabel(`${DAY_AFTER_TOMORROW} opens`).fill("06:00");
        await sellerPage.getByLabel(`${DAY_AFTER_TOMORROW} closes`).fill("22:30");
        await sellerPage.getByRole("button", { name: "Save settings" }).click();
        await expect(sellerPage.getByRole("status").getByText("Settings saved")).toBeVisible();
        await sellerPage.reload();
        await expect(sellerPage.getByLabel("Express pincodes")).toHaveValue(/560103 45$/);

        await open(page, "/");
        // Express areas now take 30 or 45 minutes: the hero says the range, not the fastest as if it held everywhere.
        await expect(page.getByTestId("hero-promise")).toContainText("In 30-45 minutes in our express areas");
        await checkPincode(page, "560103");
        await expect(chipPromise(page)).toHaveText("Delivery in 45 min");
        await open(page, "/contact-us");
        await expect(page.getByRole("main")).toContainText(`${DAY_AFTER_TOMORROW.slice(0, 3)} 6 am to 10:30 pm`);
      } finally {
        await restore(sellerRequest, new URL(baseURL!).origin, before);
      }
      await open(page, "/contact-us");
      await expect(page.getByRole("main")).toContainText("every day, 24 hours");
    },
  );

  test("on a phone-sized screen, a line it cannot read is named and nothing is saved", { tag: CATALOGUE_TAG }, async ({ browser, baseURL, sellerRequest }) => {
    const before = await currentSettings(sellerRequest);
    const phone = await sellerOnPhone(browser, baseURL!);
    await openSellerPage(phone, "/seller/settings");
    const express = phone.getByLabel("Express pincodes");
    await express.fill(`${await express.inputValue()}\n560103`);
    await phone.getByRole("button", { name: "Save settings" }).tap();
    const lines = (before.expressPincodes as unknown[]).length + 1;
    await expect(phone.getByRole("alert")).toHaveText(`Express pincodes, line ${lines}: add the minutes after 560103, such as "560103 30"`);
    // Said under the list, which has the focus (the Save button is a long scroll below it).
    await expect(express).toBeFocused();
    await expect(express).toHaveAttribute("aria-invalid", "true");
    await expect(express).toHaveAccessibleDescription(/^Express pincodes, line \d+: add the minutes after 560103/);
    // Every field fits the screen: nothing scrolls sideways.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await currentSettings(sellerRequest)).toEqual(before);
    await phone.context().close();
  });

  test(
    "without JavaScript, a refused save comes back with the reason and every field as typed; nothing saved",
    { tag: CATALOGUE_TAG },
    async ({ browser, baseURL, sellerRequest }) => {
      const before = await currentSettings(sellerRequest);
      const context = await browser.newContext({ storageState: SELLER_STATE, baseURL, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto("/seller/settings");
      const express = page.getByLabel("Express pincodes");
      const typedExpress = `${await express.inputValue()}\n560103`;
      await express.fill(typedExpress);
      await page.getByLabel(`${DAY_AFTER_TOMORROW} opens`).fill("06:00");
      await page.getByLabel("Tax rate (%)").fill("5");
      await page.getByRole("button", { name: "Save settings" }).click();

      await expect(page.getByRole("alert")).toContainText("add the minutes after 560103");
      await expect(express).toBeFocused();
      await expect(express).toHaveAttribute("aria-invalid", "true");
      await expect(express).toHaveValue(typedExpress);
      await expect(page.getByLabel(`${DAY_AFTER_TOMORROW} opens`)).toHaveValue("06:00");
      await expect(page.getByLabel("Tax rate (%)")).toHaveValue("5");
      expect(await currentSettings(sellerRequest)).toEqual(before);
      await context.close();
    },
  );

  for (const device of ["desktop", "phone"] as const) {
    test(
      `${device}: the seller changes the legal name and adds the GSTIN; the invoice prints them`,
      { tag: CATALOGUE_TAG },
      async ({ sellerPage: desktopSeller, sellerRequest, page, shopper, baseURL, browser }) => {
        const orderId = await placeOrderByApi(page, shopper);
        await moveBySeller(sellerRequest, orderId, "Packed"); // packed: an invoice, not a summary (ADR 073)
        const legalName = `GreenBasket Retail Pvt. Ltd. (${device} unit)`;
        const sellerPage = device === "phone" ? await sellerOnPhone(browser, baseURL!) : desktopSeller;
        const before = await currentSettings(sellerRequest);
        try {
          // Not registered for GST (the demo store's default), the store issues a plain invoice.
          await sellerPage.goto(`/seller/orders/${orderId}/invoice`);
          await expect(sellerPage.getByRole("heading", { level: 1 })).toHaveText("Invoice");
          await expect(sellerPage.getByTestId("invoice-gstin")).toHaveCount(0);

          await openSellerPage(sellerPage, "/seller/settings");
          await expect(sellerPage.getByLabel("Legal name of the business")).toHaveValue("GreenBasket Retail Pvt. Ltd.");
          await sellerPage.getByLabel("Legal name of the business").fill(legalName);
          // Two fields wrong at once (a tax rate over 28 %, which the browser's own check would have
          // stopped alone, and a GSTIN typo): both named, the first in the form focused, nothing saved.
          const taxRate = sellerPage.getByLabel("Tax rate (%)");
          const tax = await taxRate.inputValue();
          await taxRate.fill("40");
          await sellerPage.getByLabel("GSTIN (optional)").fill("29ABCDE1234F1ZX");
          await sellerPage.getByRole("button", { name: "Save settings" }).click();
          await expect(taxRate).toHaveAttribute("aria-invalid", "true");
          await expect(sellerPage.getByLabel("GSTIN (optional)")).toHaveAttribute("aria-invalid", "true");
          await expect(taxRate).toBeFocused();
          expect(await currentSettings(sellerRequest)).toEqual(before);
          await taxRate.fill(tax);
          // A typo in the GSTIN is named under it, it gets the focus, and nothing is saved.
          await sellerPage.getByLabel("GSTIN (optional)").fill("29ABCDE1234F1ZX");
          await sellerPage.getByRole("button", { name: "Save settings" }).click();
          await expect(taxRate).not.toHaveAttribute("aria-invalid");
          await expect(sellerPage.getByRole("alert")).toHaveText("That GSTIN's last character does not match: check it for a typo");
          await expect(sellerPage.getByLabel("GSTIN (optional)")).toBeFocused();
          await expect(sellerPage.getByLabel("GSTIN (optional)")).toHaveAccessibleDescription(
            /^That GSTIN's last character does not match: check it for a typo 15 characters/,
          );
          expect(await currentSettings(sellerRequest)).toEqual(before);

          await sellerPage.getByLabel("GSTIN (optional)").fill("29abcde1234f1zw");
          await sellerPage.getByRole("button", { name: "Save settings" }).click();
          await expect(sellerPage.getByRole("status").getByText("Settings saved")).toBeVisible();

          // The order placed before keeps the invoice it was issued; an order placed now gets the new details.
          await sellerPage.goto(`/seller/orders/${orderId}/invoice`);
          await expect(sellerPage.getByRole("heading", { level: 1 })).toHaveText("Invoice");
          await expect(sellerPage.getByText("GreenBasket Retail Pvt. Ltd.", { exact: true })).toBeVisible();
          await expect(sellerPage.getByTestId("invoice-gstin")).toHaveCount(0);
          const laterId = await placeOrderByApi(page, shopper);
          await moveBySeller(sellerRequest, laterId, "Packed");
          await sellerPage.goto(`/seller/orders/${laterId}/invoice`);
          await sellerPage.emulateMedia({ media: "print" });
          // With a GSTIN it is a tax invoice.
          await expect(sellerPage.getByRole("heading", { level: 1 })).toHaveText("Tax Invoice");
          await expect(sellerPage.getByText(legalName, { exact: true })).toBeVisible();
          await expect(sellerPage.getByTestId("invoice-gstin")).toHaveText("GSTIN: 29ABCDE1234F1ZW");
        } finally {
          await restore(sellerRequest, new URL(baseURL!).origin, before);
          if (device === "phone") await sellerPage.context().close();
        }
      },
    );
  }

  test("a shopper or a guest opening /seller/settings gets the seller login form", async ({ page }) => {
    const response = await page.goto("/seller/settings");
    expect(response?.status()).toBe(401);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Seller Login");
  });
});

// The question on leaving, on both screens; the rest of its rules on a desktop.
for (const [screen, options] of SCREENS) {
  test.describe(`store settings not saved, ${screen}`, () => {
    test.use(options);

    // The first two save nothing, and run beside the journeys that save (tagged): they check only what they changed.
    test("leaving with a changed field asks: Keep editing keeps it and gives it the focus; Leave without saving saves nothing", async ({
      sellerPage,
      sellerRequest,
    }) => {
      await openSellerPage(sellerPage, "/seller/settings");
      const holidays = sellerPage.getByLabel("Holidays, closed all day");
      const typed = screen === "on a phone" ? "2030-01-02" : "2030-01-01";
      await holidays.fill(typed);

      const question = leaveQuestion(sellerPage);
      const keep = question.getByRole("button", { name: "Keep editing" });
      await sellerLink(sellerPage, "Dashboard").click();
      await expect(question).toBeVisible();
      await expect(question).toHaveAccessibleDescription("Your changes to the store settings are not saved. If you leave, they will be lost.");
      await expect(keep).toBeFocused();
      await keep.click();
      await expect(question).toBeHidden();
      await expect(sellerPage).toHaveURL("/seller/settings");
      await expect(holidays).toHaveValue(typed);
      await expect(holidays).toBeFocused();

      await sellerLink(sellerPage, "Dashboard").click();
      await question.getByRole("button", { name: "Leave without saving" }).click();
      await expect(sellerPage).toHaveURL("/seller/dashboard");
      await expect(question).toHaveCount(0);
      expect((await currentSettings(sellerRequest)).holidays).not.toContain(typed);
    });
  });
}

test.describe("store settings not saved, on a desktop", () => {
  test("untouched, or changed back to the saved values, the page leaves unasked; a line added to the express pincodes asks", async ({
    sellerPage,
    sellerRequest,
  }) => {
    const question = leaveQuestion(sellerPage);
    await openSellerPage(sellerPage, "/seller/settings");
    await sellerLink(sellerPage, "Search words").click();
    await expect(sellerPage).toHaveURL("/seller/search-words");
    await expect(question).toHaveCount(0);

    // Compared by value: a change undone is no change.
    await openSellerPage(sellerPage, "/seller/settings");
    const tax = sellerPage.getByLabel("Tax rate (%)");
    const saved = await tax.inputValue();
    await tax.fill("5");
    await tax.fill(saved);
    const state = sellerPage.getByLabel("State you deliver in");
    const savedState = await state.inputValue();
    await state.selectOption("Kerala");
    await state.selectOption(savedState);
    await sellerLink(sellerPage, "Dashboard").click();
    await expect(sellerPage).toHaveURL("/seller/dashboard");
    await expect(question).toHaveCount(0);

    await openSellerPage(sellerPage, "/seller/settings");
    const express = sellerPage.getByLabel("Express pincodes");
    await express.fill(`${await express.inputValue()}\n560104 40`);
    await sellerLink(sellerPage, "Dashboard").click();
    await expect(question).toBeVisible();
    await question.getByRole("button", { name: "Keep editing" }).click();
    await expect(express).toBeFocused();
    await expect(express).toHaveValue(/\n560104 40$/);
    await sellerLink(sellerPage, "Dashboard").click();
    await question.getByRole("button", { name: "Leave without saving" }).click();
    await expect(sellerPage).toHaveURL("/seller/dashboard");
    expect((await currentSettings(sellerRequest)).expressPincodes).not.toContainEqual(expect.objectContaining({ pincode: "560104" }));
  });

  test(
    "a refused save still asks before leaving; a save goes through unasked, shows what was saved, and then leaving asks nothing",
    { tag: CATALOGUE_TAG },
    async ({ sellerPage, sellerRequest, baseURL }) => {
      const before = await currentSettings(sellerRequest);
      const question = leaveQuestion(sellerPage);
      try {
        await openSellerPage(sellerPage, "/seller/settings");
        const gstin = sellerPage.getByLabel("GSTIN (optional)");
        await gstin.fill("29ABCDE1234F1ZX");
        await sellerPage.getByRole("button", { name: "Save settings" }).click();
        await expect(sellerPage.getByRole("alert")).toHaveText("That GSTIN's last character does not match: check it for a typo");
        await sellerLink(sellerPage, "Dashboard").click();
        await expect(question).toBeVisible();
        await question.getByRole("button", { name: "Keep editing" }).click();
        await expect(sellerPage).toHaveURL("/seller/settings");
        await expect(gstin).toBeFocused();

        // Typed in small letters, saved in capitals: the form then shows what was saved, no change.
        await gstin.fill("29abcde1234f1zw");
        await sellerPage.getByRole("button", { name: "Save settings" }).click();
        await expect(sellerPage.getByRole("status").getByText("Settings saved")).toBeVisible();
        await expect(question).toHaveCount(0);
        await expect(gstin).toHaveValue("29ABCDE1234F1ZW");
        await sellerLink(sellerPage, "Dashboard").click();
        await expect(sellerPage).toHaveURL("/seller/dashboard");
        await expect(question).toHaveCount(0);
      } finally {
        await restore(sellerRequest, new URL(baseURL!).origin, before);
      }
    },
  );

  test(
    "a link followed while the save is on its way waits for its answer: refused, the seller is asked; saved, they go on unasked",
    { tag: CATALOGUE_TAG },
    async ({ sellerPage, sellerRequest, baseURL }) => {
      const before = await currentSettings(sellerRequest);
      const question = leaveQuestion(sellerPage);
      try {
        await openSellerPage(sellerPage, "/seller/settings");
        const saveAndLeave = await leavingMidSave(sellerPage, "/seller/settings");
        const gstin = sellerPage.getByLabel("GSTIN (optional)");
        const save = sellerPage.getByRole("button", { name: "Save settings" });

        await gstin.fill("29ABCDE1234F1ZX");
        await saveAndLeave(save, sellerLink(sellerPage, "Dashboard"));
        await expect(question).toBeVisible();
        await question.getByRole("button", { name: "Keep editing" }).click();
        await expect(sellerPage).toHaveURL("/seller/settings");
        await expect(sellerPage.getByRole("alert")).toHaveText("That GSTIN's last character does not match: check it for a typo");

        await gstin.fill("29abcde1234f1zw");
        await saveAndLeave(save, sellerLink(sellerPage, "Dashboard"));
        await expect(sellerPage).toHaveURL("/seller/dashboard");
        await expect(question).toHaveCount(0);
        expect(await currentSettings(sellerRequest)).toMatchObject({ contact: { gstin: "29ABCDE1234F1ZW" } });
      } finally {
        await restore(sellerRequest, new URL(baseURL!).origin, before);
      }
    },
  );

  test(
    "another state chosen asks; saved, it is what the form shows, and leaving asks nothing",
    { tag: CATALOGUE_TAG },
    async ({ sellerPage, sellerRequest, baseURL }) => {
      const before = await currentSettings(sellerRequest);
      // Only as the page sees it: every other journey delivers in Karnataka. The post saves
      // Karnataka as before, and the page's data read again after it says Kerala was saved.
      await sellerPage.route(
        (url) => url.pathname === "/seller/settings.data",
        async (route) => {
          const request = route.request();
          if (request.method() === "POST") return route.continue({ postData: request.postData()!.replace(/^state=Kerala&/, "state=Karnataka&") });
          const response = await route.fetch();
          return route.fulfill({ response, body: (await response.text()).replace('"state","Karnataka"', '"state","Kerala"') });
        },
      );
      const question = leaveQuestion(sellerPage);
      try {
        await openSellerPage(sellerPage, "/seller/settings");
        const state = sellerPage.getByLabel("State you deliver in");
        await state.selectOption("Kerala");
        await sellerLink(sellerPage, "Dashboard").click();
        await expect(question).toBeVisible();
        await question.getByRole("button", { name: "Keep editing" }).click();
        await expect(state).toBeFocused();

        await sellerPage.getByRole("button", { name: "Save settings" }).click();
        await expect(sellerPage.getByRole("status").getByText("Settings saved")).toBeVisible();
        await expect(state).toHaveValue("Kerala");
        await sellerLink(sellerPage, "Dashboard").click();
        await expect(sellerPage).toHaveURL("/seller/dashboard");
        await expect(question).toHaveCount(0);
        expect(await currentSettings(sellerRequest)).toEqual(before);
      } finally {
        await restore(sellerRequest, new URL(baseURL!).origin, before);
      }
    },
  );
});
