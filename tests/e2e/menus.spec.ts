/**
 * The top bar's pop-ups close as menus do (app/lib/use-menu-dismiss.ts): the account menu, the
 * "Deliver to" panel and the phone's menu close on Escape (the focus back on what opened them), on
 * a click outside and once a link in them is followed; Escape in the login dialog closes only the
 * dialog. On a desktop and (tagged @mobile) on a 390 px phone.
 */
import type { Page } from "@playwright/test";
import { open } from "./support/app";
import { accountMenu, loginDialog, phoneAccountSection } from "./support/accounts";
import { deliveryChip } from "./support/delivery";
import { expect, test } from "./support/fixtures";

const banner = (page: Page) => page.getByRole("banner");

for (const device of ["desktop", "phone @mobile"] as const) {
  const phone = device !== "desktop";

  test.describe(`the top bar's pop-ups on a ${device}`, () => {
    test(
      phone
        ? "the account's links are one tap away in the menu, which closes on Escape, on a tap outside, and once My Orders is followed"
        : "the account menu closes on Escape, on a click outside, and once My Orders is followed",
      async ({ page, shopper }) => {
        await open(page, "/products");
        const phoneMenu = banner(page)
          .locator("details")
          .filter({ has: page.getByLabel("Menu", { exact: true }) });
        // On a phone the ☰ opens the links themselves; on a desktop the avatar opens them.
        const opener = phone ? page.getByLabel("Menu", { exact: true }) : accountMenu(page, shopper.name);
        const myAddresses = page.getByRole("link", { name: "My Addresses" }).filter({ visible: true });
        const openAccount = async () => {
          await opener.click();
          await expect(myAddresses).toBeVisible();
          if (phone) await expect(phoneAccountSection(page, shopper.name)).toBeVisible();
        };

        await openAccount();
        await page.keyboard.press("Escape");
        await expect(myAddresses).toHaveCount(0);
        await expect(opener).toBeFocused();

        await openAccount();
        await page.mouse.click(8, 700); // the page's left margin, clear of every menu
        await expect(myAddresses).toHaveCount(0);

        await openAccount();
        await page.getByRole("link", { name: "My Orders" }).filter({ visible: true }).click();
        await expect(page).toHaveURL("/my-orders");
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(myAddresses).toHaveCount(0);
        if (phone) expect(await phoneMenu.evaluate((el: HTMLDetailsElement) => el.open)).toBe(false);
      },
    );

    test("the Deliver to panel closes on Escape and on a click outside; a saved pincode closes it with the focus on the chip", async ({ page }) => {
      await open(page, "/");
      const chip = deliveryChip(page);
      const pincode = banner(page).getByLabel("Delivery pincode");

      await chip.click();
      await expect(pincode).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(pincode).toBeHidden();

      await chip.click();
      await page.mouse.click(8, 700);
      await expect(pincode).toBeHidden();

      await chip.click();
      await pincode.fill("560001");
      await banner(page).getByRole("button", { name: "Check" }).click();
      await expect(pincode).toBeHidden();
      await expect(deliveryChip(page)).toBeFocused();
    });

    test("Escape in the login dialog closes the dialog only", async ({ page }) => {
      await open(page, "/");
      if (phone) await page.getByLabel("Menu", { exact: true }).click();
      const login = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login", exact: true }).filter({ visible: true });
      await login.click();
      await expect(loginDialog(page)).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(loginDialog(page)).toBeHidden();
      await expect(login).toBeVisible();
      await expect(login).toBeFocused();
    });
  });
}
