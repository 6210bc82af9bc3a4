/**
 * The seller's search words (/seller/search-words): a word the seller adds is found by shoppers at
 * once; with and without JavaScript; the page is the seller's alone; leaving with a word typed and
 * not added asks first (ADR 055). Each test uses a word of its own, so they run beside every other
 * journey.
 */
import type { Page } from "@playwright/test";
import { open, openRefreshed, productCard } from "./support/app";
import { openSellerPage, SELLER_STATE, waitForSellerLoginForm } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { leaveQuestion, sellerLink } from "./support/unsaved-changes";

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

    // Giving a word another meaning says what it replaced; a meaning no product has says shoppers will find nothing.
    await sellerPage.getByLabel("Shoppers type").fill(term);
    await sellerPage.getByLabel("Finds").fill("bananna");
    await sellerPage.getByRole("button", { name: "Add word" }).click();
    await expect(
      sellerPage
        .getByRole("status")
        .getByText(
          `Updated: “${term}” finds “bananna” (it found “banana” before). No product matches “bananna” yet, so shoppers who type “${term}” find nothing`,
        ),
    ).toBeVisible();

    // Removed by keyboard: the focus goes to the row now in its place, not to its Remove, so a second Enter removes nothing.
    const posts: string[] = [];
    sellerPage.on("request", (request) => void (request.method() === "POST" && posts.push(request.url())));
    await row(sellerPage, term)
      .getByRole("button", { name: `Remove ${term}` })
      .focus();
    await sellerPage.keyboard.press("Enter");
    await expect(sellerPage.getByRole("status").getByText(`Removed “${term}”`)).toBeVisible();
    await expect(row(sellerPage, term)).toHaveCount(0);
    const focused = sellerPage.locator("tbody tr:focus");
    await expect(focused).toHaveCount(1);
    const next = (await focused.getByRole("cell").first().textContent())!;
    await sellerPage.keyboard.press("Enter");
    await sellerPage.reload();
    await expect(row(sellerPage, next)).toHaveCount(1);
    expect(posts).toHaveLength(1);
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
    // On its own line under the fields, and the button's word stays whole.
    const alert = await sellerPage.getByRole("alert").boundingBox();
    const button = await sellerPage.getByRole("button", { name: "Add word" }).boundingBox();
    expect(alert!.y).toBeGreaterThanOrEqual(button!.y + button!.height);
    expect(button!.height).toBeLessThan(48);
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

    await row(page, term)
      .getByRole("button", { name: `Remove ${term}` })
      .click();
    await expect(page).toHaveURL("/seller/search-words");
    await expect(row(page, term)).toHaveCount(0);
    await context.close();
  });

  test("is the seller's alone: a shopper gets the seller login form", async ({ page, shopper: _ }) => {
    const response = await page.goto("/seller/search-words");
    expect(response!.status()).toBe(401);
    await waitForSellerLoginForm(page);
    const post = await page.request.post("/seller/search-words", {
      form: { intent: "add", term: "kela", meaning: "apple" },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(post.status()).toBe(401);
  });
});

test.describe("a search word not added, on a desktop", () => {
  test("leaving with a word typed asks: Keep editing keeps it and gives it the focus; Leave without saving adds nothing", async ({ sellerPage }) => {
    const term = uniqueWord("nendran");
    await openSellerPage(sellerPage, "/seller/search-words");
    const typed = sellerPage.getByLabel("Shoppers type");
    await typed.fill(term);

    const question = leaveQuestion(sellerPage);
    const keep = question.getByRole("button", { name: "Keep editing" });
    await sellerLink(sellerPage, "Dashboard").click();
    await expect(question).toBeVisible();
    await expect(question).toHaveAccessibleDescription("Your changes to this search word are not saved. If you leave, they will be lost.");
    await expect(keep).toBeFocused();
    await keep.click();
    await expect(question).toBeHidden();
    await expect(sellerPage).toHaveURL("/seller/search-words");
    await expect(typed).toHaveValue(term);
    await expect(typed).toBeFocused();

    await sellerLink(sellerPage, "Dashboard").click();
    await question.getByRole("button", { name: "Leave without saving" }).click();
    await expect(sellerPage).toHaveURL("/seller/dashboard");
    await expect(question).toHaveCount(0);
    await openSellerPage(sellerPage, "/seller/search-words");
    await expect(row(sellerPage, term)).toHaveCount(0);
  });

  test("a refused word still asks before leaving; a word added goes through unasked, and then leaving asks nothing", async ({ sellerPage }) => {
    const term = uniqueWord("poovan");
    const question = leaveQuestion(sellerPage);
    await openSellerPage(sellerPage, "/seller/search-words");
    const typed = sellerPage.getByLabel("Shoppers type");
    await typed.fill("banana");
    await sellerPage.getByLabel("Finds").fill("banana");
    await sellerPage.getByRole("button", { name: "Add word" }).click();
    await expect(sellerPage.getByRole("alert")).toHaveText("A word cannot mean itself");
    await sellerLink(sellerPage, "Settings").click();
    await expect(question).toBeVisible();
    await question.getByRole("button", { name: "Keep editing" }).click();
    await expect(sellerPage).toHaveURL("/seller/search-words");
    await expect(typed).toBeFocused();

    await typed.fill(term);
    await sellerPage.getByRole("button", { name: "Add word" }).click();
    await expect(sellerPage.getByRole("status").getByText(`Added: “${term}” finds “banana”`)).toBeVisible();
    await expect(question).toHaveCount(0);
    // Removing a word is one click, with nothing typed to lose: it asks nothing either.
    await row(sellerPage, term)
      .getByRole("button", { name: `Remove ${term}` })
      .click();
    await expect(sellerPage.getByRole("status").getByText(`Removed “${term}”`)).toBeVisible();
    await sellerLink(sellerPage, "Settings").click();
    await expect(sellerPage).toHaveURL("/seller/settings");
    await expect(question).toHaveCount(0);
  });

  test("untouched, or typed and erased, the page leaves unasked; a meaning typed alone asks", async ({ sellerPage }) => {
    const question = leaveQuestion(sellerPage);
    await openSellerPage(sellerPage, "/seller/search-words");
    await sellerLink(sellerPage, "Dashboard").click();
    await expect(sellerPage).toHaveURL("/seller/dashboard");
    await expect(question).toHaveCount(0);

    // Compared by value: a word erased is no change.
    await openSellerPage(sellerPage, "/seller/search-words");
    const typed = sellerPage.getByLabel("Shoppers type");
    await typed.fill("kela");
    await typed.fill("");
    await sellerLink(sellerPage, "Dashboard").click();
    await expect(sellerPage).toHaveURL("/seller/dashboard");
    await expect(question).toHaveCount(0);

    await openSellerPage(sellerPage, "/seller/search-words");
    const meaning = sellerPage.getByLabel("Finds");
    await meaning.fill("banana");
    await sellerLink(sellerPage, "Dashboard").click();
    await expect(question).toBeVisible();
    await question.getByRole("button", { name: "Keep editing" }).click();
    await expect(meaning).toBeFocused();
    await sellerLink(sellerPage, "Dashboard").click();
    await question.getByRole("button", { name: "Leave without saving" }).click();
    await expect(sellerPage).toHaveURL("/seller/dashboard");
  });
});
