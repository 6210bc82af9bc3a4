import type { Page } from "@playwright/test";
import { BEST_SELLERS, CATEGORY_TILES, clickAndLoad, open, uniqueEmail } from "./support/app";
import { expect, test } from "./support/fixtures";

const SUBSCRIBED = "Subscribed! Watch your inbox for our best deals.";
const ALREADY = "You are already subscribed.";

function newsletter(page: Page) {
  return page.getByRole("region", { name: "Never Miss a Deal!" });
}

async function subscribe(page: Page, email: string, { fullPage = false } = {}) {
  const form = newsletter(page);
  await form.getByLabel("Your e-mail address").fill(email);
  const button = form.getByRole("button", { name: "Subscribe" });
  if (fullPage) await clickAndLoad(page, button);
  else await button.click();
}

test.describe("the home page", () => {
  test("shows the hero, seven categories, five best sellers and the why-us block", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("GreenBasket: Fresh groceries and snacks delivered to your door");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Freshness You Can Trust, Savings You Will Love!");
    await expect(page.getByRole("link", { name: "Shop Now" })).toHaveAttribute("href", "/products");

    const categories = page.getByRole("region", { name: "Categories" });
    await expect(categories.getByRole("listitem")).toHaveCount(7);
    await expect(categories.getByRole("link")).toHaveText(CATEGORY_TILES);

    const bestSellers = page.getByRole("region", { name: "Best Sellers" });
    await expect(bestSellers.getByRole("article")).toHaveCount(5);
    await expect(bestSellers.getByRole("heading", { level: 3 })).toHaveText(BEST_SELLERS);
    await expect(bestSellers.getByRole("button", { name: /^Add .+ to cart$/ })).toHaveCount(5);

    const whyUs = page.getByRole("region", { name: "Why We Are The Best?" });
    await expect(whyUs.getByRole("heading", { level: 3 })).toHaveText([
      "Fastest Delivery",
      "Freshness Guaranteed",
      "Affordable Prices",
      "Trusted by Thousands",
    ]);
    await expect(newsletter(page).getByRole("heading", { name: "Never Miss a Deal!" })).toBeVisible();
  });

  test("on a phone, every category is on the first screen, under one short band of hero", { tag: ["@mobile"] }, async ({ page }) => {
    await open(page, "/");
    const tiles = page.getByRole("region", { name: "Categories" }).getByRole("link");
    await expect(tiles).toHaveCount(7);
    for (const tile of await tiles.all()) await expect(tile).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole("link", { name: "Shop Now" })).toBeInViewport();
  });

  test("Explore Deals lists the biggest discounts first, not the same list as Shop Now", async ({ page }) => {
    await open(page, "/");
    await page.getByRole("link", { name: "Explore Deals" }).click();
    await expect(page).toHaveURL("/products?sort=discount");
    await expect(page.getByRole("navigation", { name: "Sort by" }).getByRole("link", { name: "Discount" })).toHaveAttribute("aria-current", "page");
  });

  test("every category tile leads to its listing", async ({ page }) => {
    await open(page, "/");
    await page.getByRole("link", { name: "Dairy Products" }).click();
    await expect(page).toHaveURL("/products/dairy");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dairy Products");
    await expect(page.getByRole("heading", { name: "Amul Milk 1L" })).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(5);
  });

  test("newsletter: a new address subscribes, the same one again is already subscribed", async ({ page }) => {
    await open(page, "/");
    const email = uniqueEmail("js");
    await subscribe(page, email);
    await expect(newsletter(page).getByRole("status")).toHaveText(SUBSCRIBED);
    await expect(page).toHaveURL("/"); // a fetcher: no navigation

    await subscribe(page, email.toUpperCase());
    await expect(newsletter(page).getByRole("status")).toHaveText(ALREADY);
  });

  test("newsletter works without JavaScript (a full-page POST)", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    const email = uniqueEmail("nojs");

    // Post/Redirect/Get: back on the home page, the answer as a toast; a reload posts nothing.
    await subscribe(page, email, { fullPage: true });
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("status").filter({ hasText: SUBSCRIBED })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Freshness You Can Trust, Savings You Will Love!");

    await subscribe(page, email, { fullPage: true });
    await expect(page.getByRole("status").filter({ hasText: ALREADY })).toBeVisible();
    await context.close();
  });
});
