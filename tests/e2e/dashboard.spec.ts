/**
 * The seller dashboard (ADR 036), on a desktop and on a phone: its figures and links, the chart's
 * table, the keyboard, and a just-placed order appearing without a reload. Other journeys place
 * orders at the same time, so the figures are checked for what this test adds, not for totals.
 */
import type { Page } from "@playwright/test";
import { addAddressByApi, newAddress, newShopper, openSellerPage, postJson, registerByApi, SELLER_STATE } from "./support/accounts";
import { APPLE, open } from "./support/app";
import { expectNoSeriousViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";

/** The 30-second refresh of the page (shared/dashboard.ts). */
const REFRESH_MS = 30_000;

/** "₹1,234 from 5 orders" of a period card: the order count. */
async function ordersIn(page: Page, period: "Today" | "Last 7 days" | "Last 30 days"): Promise<number> {
  const text = await page.getByTestId(`period-${period}`).getByTestId("period-sales").innerText();
  return Number(/from (\d+) orders?/.exec(text)?.[1] ?? NaN);
}

/** The seller's page, phone-sized on the phone. */
async function sized(seller: Page, phone: boolean): Promise<Page> {
  if (phone) await seller.setViewportSize({ width: 390, height: 844 });
  return seller;
}

for (const where of ["on a desktop", "on a phone @mobile"]) {
  const phone = where.includes("@mobile");

  test.describe(`the seller dashboard ${where}`, () => {
    test("shows the figures, the orders waiting with links to them, the chart as a table, by keyboard", async ({ sellerPage }) => {
      const seller = await sized(sellerPage, phone);
      await openSellerPage(seller, "/seller");
      await seller.getByRole("navigation", { name: "Seller" }).getByRole("link", { name: "Dashboard" }).click();
      await expect(seller).toHaveURL("/seller/dashboard");
      await expect(seller.getByRole("heading", { level: 1 })).toHaveText("Dashboard");

      for (const period of ["Today", "Last 7 days", "Last 30 days"] as const) {
        const card = seller.getByRole("article", { name: period });
        await expect(card).toBeVisible();
        await expect(card.getByTestId("period-sales")).toHaveText(/^₹[\d,.]+ from \d+ orders?$/);
        for (const line of ["Paid", "Cash on delivery to collect", "Refunds due", "Cancelled orders"])
          await expect(card.getByRole("term").filter({ hasText: line })).toBeVisible();
      }
      // A longer period never holds fewer orders than a shorter one.
      expect(await ordersIn(seller, "Last 7 days")).toBeGreaterThanOrEqual(await ordersIn(seller, "Today"));
      expect(await ordersIn(seller, "Last 30 days")).toBeGreaterThanOrEqual(await ordersIn(seller, "Last 7 days"));

      const chart = seller.getByRole("img", { name: /^Sales per day, last 30 days/ });
      await expect(chart).toBeVisible();
      // Its amounts and dates stay legible where the chart is drawn small (on a phone, about 300 px wide).
      const labelHeights = await chart.locator("text").evaluateAll((labels) => labels.map((label) => label.getBoundingClientRect().height));
      expect(labelHeights.length).toBeGreaterThan(3);
      expect(Math.min(...labelHeights)).toBeGreaterThanOrEqual(9);
      // The numbers as a table, opened from the keyboard.
      const summary = seller.getByText("Sales per day as a table");
      await summary.focus();
      await seller.keyboard.press("Enter");
      const rows = seller.getByTestId("sales-table").locator("tbody tr");
      await expect(rows).toHaveCount(30);
      await expect(rows.first().getByRole("rowheader")).toHaveText(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]+$/);

      await expect(seller.getByRole("heading", { name: /^Sold out \(\d+\)$/ })).toBeVisible();
      await expect(seller.getByRole("heading", { name: /^Low stock \(\d+\)$/ })).toBeVisible();
      await expect(seller.getByRole("heading", { name: "Best sellers, last 7 days" })).toBeVisible();
      // Read live with the other figures (dashboard.test.ts): no "updated every minute" left from the memo issue 36 removed.
      await expect(seller.getByRole("region", { name: "Best sellers, last 7 days" })).not.toContainText("Updated every minute");

      // Nothing spills sideways on a 390 px phone.
      if (phone) expect(await seller.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectNoSeriousViolations(seller, `the dashboard ${where}`);

      // "To pack" leads to the orders waiting to be packed; Enter follows it.
      const toPack = seller.getByTestId("waiting-toPack");
      await expect(toPack).toHaveText(/^\d+To pack/);
      await toPack.focus();
      await seller.keyboard.press("Enter");
      await expect(seller).toHaveURL((url) => url.pathname === "/seller/orders" && url.searchParams.get("status") === "Order Placed");
      await expect(seller.getByRole("navigation", { name: "Filter by status" }).getByRole("link", { name: "Order Placed" })).toHaveAttribute(
        "aria-current",
        "page",
      );
    });

    if (!phone) {
      test("a just-placed order appears without a reload", async ({ page: shopperPage, sellerPage }, testInfo) => {
        const seller = await sized(sellerPage, phone);
        // The page's timers run when the test says: the 30-second refresh comes at once.
        await seller.clock.install();
        await openSellerPage(seller, "/seller/dashboard");
        await seller.evaluate(() => ((window as unknown as { keptAlive: boolean }).keptAlive = true));
        const before = await ordersIn(seller, "Today");

        const shopper = newShopper(testInfo);
        await registerByApi(shopperPage, shopper);
        const address = await addAddressByApi(shopperPage, newAddress(shopper));
        await postJson(shopperPage, "/api/order/cod", { items: [{ product: APPLE.id, quantity: 1 }], address });

        await seller.clock.runFor(REFRESH_MS);
        await expect.poll(() => ordersIn(seller, "Today")).toBeGreaterThan(before);
        // The same document: nothing reloaded.
        expect(await seller.evaluate(() => (window as unknown as { keptAlive?: boolean }).keptAlive)).toBe(true);
        await expect(seller.getByText(/^Updated .*\(India time\), refreshes while open$/)).toBeVisible();
      });
    }
  });
}

test("without JavaScript the dashboard does not promise to refresh itself", async ({ browser }) => {
  const context = await browser.newContext({ storageState: SELLER_STATE, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/seller/dashboard");
  await expect(page.getByText(/^Updated .*\(India time\)$/)).toBeVisible();
  await expect(page.getByText(/refreshes while open/)).toHaveCount(0);
  await context.close();
});

test.describe("the dashboard's data is the seller's", () => {
  test("a guest and a signed-in shopper get the seller login form, not the figures", async ({ page, shopper: _ }) => {
    const response = await open(page, "/seller/dashboard", "form");
    expect(response?.status()).toBe(401);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Seller Login");
    await expect(page.getByText("Sales per day")).toHaveCount(0);
    const api = await page.request.get("/api/seller/dashboard");
    expect(api.status()).toBe(403);
  });
});
