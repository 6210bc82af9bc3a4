/**
 * Where the keyboard's focus goes when what had it changes or goes away (a keyboard-only audit's
 * findings): a busy button, Add becoming the stepper, a client-side move to another page, a
 * cancelled order's dialog, a focused field under the sticky top bar, the toasts in the tab order,
 * a refused seller login, the login dialog's first stop, and a control's word kept whole.
 */
import type { Locator, Page } from "@playwright/test";
import { POTATO, open, productCard } from "./support/app";
import { fillAddressForm, loginDialog, loginLink, newAddress, SELLER } from "./support/accounts";
import { placeOrderByApi } from "./support/orders";
import { expect, test } from "./support/fixtures";

/** How many lines a control's own text takes. */
async function linesOf(control: Locator): Promise<number> {
  return control.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))).size;
  });
}

/** The bottom edge of the sticky top bar. */
async function topBarBottom(page: Page): Promise<number> {
  return (await page.getByRole("banner").boundingBox())!.y + (await page.getByRole("banner").boundingBox())!.height;
}

for (const device of ["desktop", "phone"] as const) {
  test.describe(`the focus on a ${device}`, () => {
    if (device === "phone") test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test("a field focused after a refusal is scrolled into view below the sticky top bar, never under it", async ({ page, shopper }) => {
      await open(page, "/add-address");
      await fillAddressForm(page, newAddress(shopper, { phone: "12345" }));
      await page.getByRole("button", { name: "Save address" }).click();
      const mobile = page.getByLabel("Mobile number");
      await expect(mobile).toBeFocused();
      await expect(mobile).toHaveAttribute("aria-invalid", "true");
      expect((await mobile.boundingBox())!.y).toBeGreaterThanOrEqual(await topBarBottom(page));
    });

    test("Add hands the focus to the stepper's +, and − at 1 hands it back to Add", async ({ page }) => {
      await open(page, "/");
      const card = productCard(page, POTATO.name);
      const add = card.getByRole("button", { name: `Add ${POTATO.name} to cart` });
      await add.focus();
      await page.keyboard.press("Enter");
      const more = card.getByRole("button", { name: `Add one more ${POTATO.name}` });
      const inCart = card.getByText(`${POTATO.name} in cart:`).locator("..");
      await expect(more).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(inCart).toHaveText(`${POTATO.name} in cart: 2`);
      await expect(more).toBeFocused();
      await card.getByRole("button", { name: `Remove one ${POTATO.name}` }).focus();
      await page.keyboard.press("Enter");
      await expect(inCart).toHaveText(`${POTATO.name} in cart: 1`);
      await page.keyboard.press("Enter");
      await expect(add).toBeFocused();
    });

    test("a busy button keeps the focus: the newsletter's Subscribe, pressed by keyboard, still has it after the answer", async ({ page }, testInfo) => {
      await open(page, "/");
      await page.getByPlaceholder("Enter your email id").fill(`focus-${testInfo.workerIndex}-${Date.now()}@example.com`);
      const subscribe = page.getByRole("button", { name: "Subscribe" });
      await subscribe.focus();
      await page.keyboard.press("Enter");
      await expect(page.getByText("Subscribed! Watch your inbox for our best deals.").first()).toBeVisible();
      await expect(subscribe).toBeFocused();
      // Its word stays whole, whatever the row's width.
      expect(await linesOf(subscribe)).toBe(1);
    });

    test("following a product card's link moves the focus to the new page's heading, and its title is read out", async ({ page }) => {
      await open(page, "/");
      await productCard(page, POTATO.name).getByRole("link").first().focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/products\/vegetables\//);
      const heading = page.getByRole("heading", { level: 1 });
      await expect(heading).toHaveText(POTATO.name);
      await expect(heading).toBeFocused();
      await expect(page.locator('[aria-live="assertive"]')).toHaveText(await page.title());
      // The next Tab goes on from the heading, into the page, not back to the top bar.
      await page.keyboard.press("Tab");
      const next = await page.evaluate(() => document.activeElement?.closest("header") === null);
      expect(next).toBe(true);
    });
  });
}

test("a toast's Dismiss comes after the page in the tab order, and a dismissed toast fading out is out of reach", async ({ page }) => {
  await open(page, "/");
  await productCard(page, POTATO.name)
    .getByRole("button", { name: `Add ${POTATO.name} to cart` })
    .click();
  const shown = page.locator("[data-kind]").filter({ hasText: "Added To Cart" });
  await expect(shown).toBeVisible();
  const dismiss = shown.getByRole("button", { name: "Dismiss" });
  expect(
    await dismiss.evaluate((button) => Boolean(document.querySelector("footer")!.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING)),
  ).toBe(true);
  await dismiss.click();
  await expect(shown).toHaveAttribute("inert", "");
});

test("the login dialog opens on the e-mail, and the login page's title is its h1", async ({ page }) => {
  await open(page, "/");
  await loginLink(page).click();
  await expect(loginDialog(page).getByLabel("Email")).toBeFocused();
  await open(page, "/login");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("User Login");
});

test("a cancelled order's dialog closes with the focus on the order's heading, not the start of the page", async ({ page, shopper }) => {
  const orderId = await placeOrderByApi(page, shopper);
  await open(page, `/my-orders/${orderId}`);
  await page.getByRole("link", { name: "Cancel order" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("radio", { name: "Ordered by mistake" }).check();
  await dialog.getByRole("button", { name: "Yes, cancel order" }).click();
  await expect(page.getByTestId("order-status")).toHaveText("Cancelled");
  await expect(dialog).toBeHidden();
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toMatch(/^H[1-3]$/);
});

test("a refused seller login says why in the form, tied to the password, which has the focus again", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "CF-Connecting-IP": "198.51.100.77" } });
  const page = await context.newPage();
  await page.goto("/seller/login");
  await page.getByLabel("Email").fill(SELLER.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Login" }).click();
  const refusal = page.getByRole("main").getByRole("alert");
  await expect(refusal).toHaveText("Invalid email or password");
  await expect(page.getByLabel("Password")).toBeFocused();
  await expect(page.getByLabel("Password")).toHaveAccessibleDescription("Invalid email or password");
  await expect(page.getByLabel("Email")).toHaveValue(SELLER.email);
  await context.close();
});

test("the seller's product list keeps each row's Edit and Delete whole", async ({ sellerPage }) => {
  await sellerPage.goto("/seller/product-list");
  for (const control of [sellerPage.getByRole("link", { name: /^Edit / }).first(), sellerPage.getByRole("button", { name: /^Delete / }).first()]) {
    expect(await linesOf(control)).toBe(1);
  }
});
