import { expect, test, type Page } from "@playwright/test";
import { POTATO, TOMATO, open, productCard } from "./support/app";

async function searchFromTopBar(page: Page, text: string) {
  const box = page.getByRole("search").getByRole("searchbox", { name: "Search products" });
  await box.fill(text);
  await box.press("Enter");
}

test.describe("search from the top bar", () => {
  test("typing tomato lists Tomato 1 kg and not Potato 500g", async ({ page }) => {
    await open(page, "/");
    await searchFromTopBar(page, "tomato");

    await expect(page).toHaveURL("/products?search=tomato");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “tomato”");
    await expect(productCard(page, TOMATO.name)).toBeVisible();
    await expect(productCard(page, POTATO.name)).toHaveCount(0);
    await expect(page.getByRole("article")).toHaveCount(1);
    // The box keeps what was searched.
    await expect(page.getByRole("searchbox", { name: "Search products" })).toHaveValue("tomato");
  });

  test("search is case-insensitive (TOMATO) and the search button submits too", async ({ page }) => {
    await open(page, "/products");
    await page.getByRole("searchbox", { name: "Search products" }).fill("TOMATO");
    await page.getByRole("search").getByRole("button", { name: "Search" }).click();

    await expect(page).toHaveURL("/products?search=TOMATO");
    await expect(productCard(page, TOMATO.name)).toBeVisible();
    await expect(productCard(page, POTATO.name)).toHaveCount(0);
  });

  test("a search with no match says so", async ({ page }) => {
    await open(page, "/");
    await searchFromTopBar(page, "durian");
    await expect(page).toHaveURL("/products?search=durian");
    await expect(page.getByText("No products match “durian”.")).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(0);
  });
});
