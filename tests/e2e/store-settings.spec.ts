/**
 * The seller's Settings (issue 16): the seller changes the delivery area and the contact details,
 * and the shopper pages follow. Journeys run alongside others, so this one only adds what no other
 * journey reads (an express pincode of its own, the opening hours) and puts the settings back.
 */
import type { APIRequestContext } from "@playwright/test";
import { open } from "./support/app";
import { openSellerPage, SELLER_STATE } from "./support/accounts";
import { checkPincode, chipPromise } from "./support/delivery";
import { expect, test } from "./support/fixtures";

type Settings = Record<string, unknown>;

async function currentSettings(seller: APIRequestContext): Promise<Settings> {
  const response = await seller.get("/api/seller/settings");
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { settings: Settings }).settings;
}

async function restore(seller: APIRequestContext, origin: string, settings: Settings) {
  const response = await seller.post("/api/seller/settings", { data: settings, headers: { Origin: origin } });
  expect(response.ok(), await response.text()).toBe(true);
}

test.describe("store settings", () => {
  // One at a time: the second compares the settings before and after, which the first changes for a while.
  test.describe.configure({ mode: "serial" });
  test("the seller adds an express pincode and changes the opening hours; the shopper pages follow", async ({ sellerPage, sellerRequest, page, baseURL }) => {
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
      await sellerPage.getByLabel("Opening hours").fill("every day from 6 am to midnight");
      await sellerPage.getByRole("button", { name: "Save settings" }).click();
      await expect(sellerPage.getByRole("status").getByText("Settings saved")).toBeVisible();
      await sellerPage.reload();
      await expect(sellerPage.getByLabel("Express pincodes")).toHaveValue(/560103 45$/);

      await open(page, "/");
      await checkPincode(page, "560103");
      await expect(chipPromise(page)).toHaveText("Delivery in 45 min");
      await open(page, "/contact-us");
      await expect(page.getByRole("main")).toContainText("every day from 6 am to midnight");
    } finally {
      await restore(sellerRequest, new URL(baseURL!).origin, before);
    }
    await open(page, "/contact-us");
    await expect(page.getByRole("main")).toContainText("every day from 7 am to 11 pm");
  });

  test("on a phone-sized screen, a line it cannot read is named and nothing is saved", async ({ browser, baseURL, sellerRequest }) => {
    const before = await currentSettings(sellerRequest);
    const context = await browser.newContext({ storageState: SELLER_STATE, baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const phone = await context.newPage();
    await openSellerPage(phone, "/seller/settings");
    const express = phone.getByLabel("Express pincodes");
    await express.fill(`${await express.inputValue()}\n560103`);
    await phone.getByRole("button", { name: "Save settings" }).tap();
    const lines = (before.expressPincodes as unknown[]).length + 1;
    await expect(phone.getByRole("alert")).toHaveText(`Express pincodes, line ${lines}: write the PIN code and the minutes, such as "560001 30"`);
    // Every field fits the screen: nothing scrolls sideways.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await currentSettings(sellerRequest)).toEqual(before);
    await context.close();
  });

  test("a shopper or a guest opening /seller/settings gets the seller login form", async ({ page }) => {
    const response = await page.goto("/seller/settings");
    expect(response?.status()).toBe(401);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Seller Login");
  });
});
