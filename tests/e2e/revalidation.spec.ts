/**
 * The root's data (who is signed in, the cart) is loaded again after a submission, not on every
 * link followed: root's shouldRevalidate. Client navigations ask the server for page data with
 * `_routes` naming the routes to load; "root" must be missing there, and present after a login.
 */
import type { Page } from "@playwright/test";
import { APPLE, open } from "./support/app";
import { accountMenu, logInThroughDialog, loginLink, logoutByApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";

/** The routes each client-side data request asked for ("all" when it named none). */
function watchDataRequests(page: Page): string[][] {
  const asked: string[][] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (request.method() !== "GET" || !url.pathname.endsWith(".data")) return;
    const routes = url.searchParams.get("_routes");
    asked.push(routes ? routes.split(",") : ["all"]);
  });
  return asked;
}

test("following links loads the page's data only; logging in loads the root's again", async ({ page, shopper }) => {
  // A returning shopper: the account exists, this browser is signed out.
  await logoutByApi(page);

  await open(page, "/products");
  const asked = watchDataRequests(page);
  await page
    .getByRole("link", { name: new RegExp(APPLE.name) })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: APPLE.name })).toBeVisible();
  await page.getByRole("link", { name: "All Products", exact: true }).first().click();
  await expect(page).toHaveURL("/products");
  expect(asked.length).toBe(2);
  for (const routes of asked) expect(routes).not.toContain("root");
  expect(asked.flat()).not.toContain("all");

  asked.length = 0;
  await loginLink(page).click();
  await logInThroughDialog(page, shopper);
  await expect(accountMenu(page, shopper.name)).toBeVisible();
  expect(asked.some((routes) => routes.includes("root") || routes.includes("all"))).toBe(true);
});
