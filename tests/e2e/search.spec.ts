import type { Page } from "@playwright/test";
import { POTATO, TOMATO, open, productCard } from "./support/app";
import { expect, test } from "./support/fixtures";

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

test.describe("search text", () => {
  test("control characters in the search (NUL, tab, newline) are spaces, never a 500, on the shop's and the seller's lists", async ({ request, sellerRequest }) => {
    for (const search of ["Tomato%001%20kg", "Tomato%091%0Akg", "ab%00cd", "%00%00%00"]) {
      const response = await request.get(`/products?search=${search}`);
      expect(response.status(), search).toBe(200);
      const html = await response.text();
      if (search.startsWith("Tomato")) expect(html, search).toContain("Results for “Tomato 1 kg”");
      expect(html, search).not.toContain("\u0000");
    }
    const list = await sellerRequest.get("/seller/product-list?q=Tomato%001%20kg");
    expect(list.status()).toBe(200);
    expect(await list.text()).toContain("Tomato 1 kg");
  });
});
