/**
 * Runs once before the chromium journeys: the seller logs in through the form /seller shows to
 * strangers, and the signed-in state is saved for the seller journeys (one seller login per run
 * instead of one per test: seller login is limited to 10 a minute per IP). Then the store opens
 * around the clock, so no journey's promise depends on the hour it runs (ADR 076; the hours' own
 * journeys set them).
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { SELLER, SELLER_STATE, waitForSellerLoginForm } from "./support/accounts";
import { expect, test as setup } from "./support/fixtures";

setup("the seller logs in through the login form at /seller", async ({ page }) => {
  const response = await page.goto("/seller");
  expect(response?.status()).toBe(401);
  await waitForSellerLoginForm(page);
  await expect(page.getByText("Hi! Admin")).toHaveCount(0);

  await page.getByLabel("Email").fill(SELLER.email);
  await page.getByLabel("Password").fill(SELLER.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();

  await expect(page.getByText("Hi! Admin")).toBeVisible();
  await expect(page).toHaveURL("/seller");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add Product");
  await expect(page.getByRole("navigation", { name: "Seller" }).getByRole("link", { name: "Orders" })).toBeVisible();

  mkdirSync(dirname(SELLER_STATE), { recursive: true });
  await page.context().storageState({ path: SELLER_STATE });

  const { settings } = (await (await page.request.get("/api/seller/settings")).json()) as { settings: object };
  const allDay = Array(7).fill({ opens: "00:00", closes: "00:00" });
  const saved = await page.request.post("/api/seller/settings", {
    data: { ...settings, openingHours: allDay },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
});
