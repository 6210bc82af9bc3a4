/**
 * The seller's search words (/seller/search-words): a word the seller adds is found by shoppers at
 * once; with and without JavaScript; the page is the seller's alone. Each test uses a word of its
 * own, so they run beside every other journey.
 */
import type { Page } from "@playwright/test";
import { open, openRefreshed, productCard } from "./support/app";
import { openSellerPage, SELLER_STATE, waitForSellerLoginForm } from "./support/accounts";
import { expect, test } from "./support/fixtures";

const uniqueWord = (base: string) => `${base} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

function row(page: Page, term: string) {
  return page.getByRole("row").filter({ has: page.getByRole("cell", { name: term, exact: true }) });
}

test.describe("the seller's search words", () => {
  test("a word the seller adds finds the product for shoppers; removed, it finds nothing", async ({ sellerPage, page }) => {
    const term = uniqueWord("vazhai");
    await openSellerPage(sellerPage, "/seller");
    await sellerPage.getByRole("navigation", { name: "Seller" }).getByRole("link", { name: "Search words" }).click();
    await expect(sellerPage).toHaveURL("/seller/search-words");
    await expect(sellerPage.getByRole("heading", { level: 1 })).toHaveText("Search words");
    // The store's own list is there to start with.
    await expect(row(sellerPage, "aloo")).toContainText("potato");

    await sellerPage.getByLabel("Shoppers type").fill(term);
    await sellerPage.getByLabel("Finds").fill("Banana");
    await sellerPage.getByRole("button", { name: "Add word" }).click();
    await expect(sellerPage.getByRole("status").getByText(`Added: “${term}” finds “banana”`)).toBeVisible();
    await expect(sellerPage.getByLabel("Shoppers type")).toHaveValue("");

    await open(page, `/products?search=${encodeURIComponent(term)}`);
    await expect(productCard(page, "Banana 1 kg")).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(1);

    await row(sellerPage, term).getByRole("button", { name: `Remove ${term}` }).click();
    await expect(sellerPage.getByRole("status").getByText(`Removed “${term}”`)).toBeVisible();
    await expect(row(sellerPage, term)).toHaveCount(0);
    await openRefreshed(page, `/products?search=${encodeURIComponent(term)}`, async () => {
      await expect(page.getByText(`No products match “${term}”.`)).toBeVisible({ timeout: 1000 });
    });
  });

  test("a refused word says why, next to the form", async ({ sellerPage }) => {
    await openSellerPage(sellerPage, "/seller/search-words");
    await sellerPage.getByLabel("Shoppers type").fill("banana");
    await sellerPage.getByLabel("Finds").fill("banana");
    await sellerPage.getByRole("button", { name: "Add word" }).click();
    await expect(sellerPage.getByRole("alert")).toHaveText("A word cannot mean itself");
  });

  test("without JavaScript: add, a refusal, remove", async ({ browser }) => {
    const context = await browser.newContext({ storageState: SELLER_STATE, javaScriptEnabled: false });
    const page = await context.newPage();
    const term = uniqueWord("kizhangu");
    await page.goto("/seller/search-words");
    await page.getByLabel("Shoppers type").fill(term);
    await page.getByLabel("Finds").fill("instant");
    await page.getByRole("button", { name: "Add word" }).click();
    await expect(page).toHaveURL("/seller/search-words");
    // The newest words come first.
    await expect(row(page, term)).toContainText("instant (the Instant aisle)");

    await page.getByLabel("Shoppers type").fill("x");
    await page.getByLabel("Finds").evaluate((input: HTMLInputElement) => {
      input.removeAttribute("minlength");
      input.value = "ab";
    });
    await page.getByLabel("Shoppers type").evaluate((input: HTMLInputElement) => input.removeAttribute("minlength"));
    await page.getByRole("button", { name: "Add word" }).click();
    await expect(page.getByRole("alert")).toHaveText("The word shoppers type needs at least 2 characters");
    // The words come back as typed, to be corrected rather than typed again.
    await expect(page.getByLabel("Shoppers type")).toHaveValue("x");
    await expect(page.getByLabel("Finds")).toHaveValue("ab");

    await row(page, term).getByRole("button", { name: `Remove ${term}` }).click();
    await expect(page).toHaveURL("/seller/search-words");
    await expect(row(page, term)).toHaveCount(0);
    await context.close();
  });

  test("is the seller's alone: a shopper gets the seller login form", async ({ page, shopper: _ }) => {
    const response = await page.goto("/seller/search-words");
    expect(response!.status()).toBe(401);
    await waitForSellerLoginForm(page);
    const post = await page.request.post("/seller/search-words", { form: { intent: "add", term: "kela", meaning: "apple" }, headers: { Origin: new URL(page.url()).origin } });
    expect(post.status()).toBe(401);
  });
});
