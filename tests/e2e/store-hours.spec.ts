/**
 * The store's hours (ADR 076): closed today, the top bar says when express delivery comes instead of
 * "in 30 min"; paused, the cart keeps its items and says no order can be placed. Both change every
 * page's promise, so they run in the `store-wide` project, after every other journey;
 * alone: `npx playwright test tests/e2e/seller.setup.ts tests/e2e/store-hours.spec.ts`.
 */
import { istDate, istDay } from "../../shared/ist";
import { APPLE, open, orderSummary } from "./support/app";
import { addToCartFromProductPage, openSellerPage } from "./support/accounts";
import { expectNoSeriousViolations } from "./support/axe";
import { chipPromise } from "./support/delivery";
import { expect, STORE_WIDE_TAG, test } from "./support/fixtures";

test(
  "the seller closes today and then pauses the store; on a phone, the shopper is told when delivery comes, then that no order can be placed",
  { tag: STORE_WIDE_TAG },
  async ({ sellerPage, sellerRequest, page, address: _, baseURL }) => {
    const before = ((await (await sellerRequest.get("/api/seller/settings")).json()) as { settings: object }).settings;
    const save = async () => {
      await sellerPage.getByRole("button", { name: "Save settings" }).click();
      await expect(sellerPage.getByRole("status").getByText("Settings saved")).toBeVisible();
    };
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      await open(page, "/"); // the shopper's address is in 560001, an express pincode
      await expect(chipPromise(page)).toHaveText("Delivery in 30 min");

      // Today a holiday: the store (open around the clock, seller.setup.ts) opens again at midnight.
      await openSellerPage(sellerPage, "/seller/settings");
      await sellerPage.getByLabel("Holidays, closed all day").fill(istDate(istDay(Date.now())));
      await save();
      await open(page, "/");
      await expect(chipPromise(page)).toHaveText("Delivery tomorrow by 12:30 am");

      // Paused: the cart keeps its items, says why, and Place Order waits.
      await sellerPage.getByLabel("Holidays, closed all day").fill("");
      await sellerPage.getByLabel("Pause the store: not taking orders now").check();
      await save();
      await addToCartFromProductPage(page, APPLE);
      await expect(chipPromise(page)).toHaveText("Not taking orders right now");
      await open(page, "/cart");
      await expect(orderSummary(page).getByText("We're not taking orders right now: your cart is kept for when we're back.")).toBeVisible();
      await expect(page.getByRole("button", { name: "Place Order" })).toBeDisabled();
      await expectNoSeriousViolations(page, "the cart of a paused store, on a phone");

      await sellerPage.getByLabel("Pause the store: not taking orders now").uncheck();
      await save();
      await open(page, "/cart");
      await expect(page.getByRole("button", { name: "Place Order" })).toBeEnabled();
      await expect(chipPromise(page)).toHaveText("Delivery in 30 min");
    } finally {
      const response = await sellerRequest.post("/api/seller/settings", { data: before, headers: { Origin: new URL(baseURL!).origin } });
      expect(response.ok(), await response.text()).toBe(true);
    }
  },
);
