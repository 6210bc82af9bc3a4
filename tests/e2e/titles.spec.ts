/**
 * Every page has a real <title> (axe: `document-title`, serious), the unknown product and category
 * pages included: server-rendered, before any script runs. Pages this journey does not own are
 * held to "a title that names the store".
 */
import { APPLE } from "./support/app";
import { SELLER_STATE } from "./support/accounts";
import { expect, test } from "./support/fixtures";

const TITLES: [path: string, title: string | RegExp][] = [
  ["/no-such-page", "Page not found | GreenBasket"],
  ["/products/fruits/does-not-exist", "Page not found | GreenBasket"],
  ["/products/no-such-category", "Page not found | GreenBasket"],
  [`/products/vegetables/${APPLE.id}`, "Page not found | GreenBasket"],
  ["/loader?next=/", "Just a moment | GreenBasket"],
  ["/login", "Login | GreenBasket"],
  ["/login?mode=signup&redirectTo=%2Fcart", "Sign up | GreenBasket"],
  ["/seller/login", "Seller Login | GreenBasket"],
  ["/seller", "Seller Login | GreenBasket"],
  ...[
    "/",
    "/products",
    "/products/fruits",
    `/products/fruits/${APPLE.id}`,
    "/products?search=rice",
    "/cart",
    "/contact-us",
    "/privacy-policy",
    "/terms-and-conditions",
    "/cancellation-refund",
    "/shipping-delivery",
  ].map((path): [string, RegExp] => [path, /\S.*GreenBasket|GreenBasket.*\S/]),
];

test.describe("page titles", () => {
  test.use({ javaScriptEnabled: false });

  for (const [path, title] of TITLES) {
    test(`${path} is titled ${String(title)}`, async ({ page }) => {
      await page.goto(path, { waitUntil: "commit" });
      await expect(page).toHaveTitle(title);
    });
  }

  test.describe("once hydrated", () => {
    test.use({ javaScriptEnabled: true });
    for (const path of ["/products/fruits/does-not-exist", "/products/no-such-category"]) {
      test(`${path} keeps its title`, async ({ page }) => {
        await page.goto(path);
        await page.waitForFunction(
          () => (window as unknown as { __reactRouterDataRouter?: { state: { initialized: boolean } } }).__reactRouterDataRouter?.state.initialized,
        );
        await expect(page).toHaveTitle("Page not found | GreenBasket");
      });
    }
  });
});

test("each of the seller's pages has its own title, and none is for search engines", async ({ browser }) => {
  const context = await browser.newContext({ storageState: SELLER_STATE, javaScriptEnabled: false });
  const page = await context.newPage();
  const pages: [path: string, title: string][] = [
    ["/seller", "Add Product"],
    ["/seller/dashboard", "Dashboard"],
    ["/seller/product-list", "Products"],
    ["/seller/orders", "Orders"],
    ["/seller/products/import", "Import products"],
    ["/seller/settings", "Store settings"],
    ["/seller/search-words", "Search words"],
  ];
  for (const [path, title] of pages) {
    await page.goto(path, { waitUntil: "commit" });
    await expect(page, path).toHaveTitle(`${title} | GreenBasket`);
    await expect(page.locator('meta[name="robots"]'), path).toHaveAttribute("content", "noindex");
  }
  await context.close();
});
