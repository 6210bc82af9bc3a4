/**
 * Every page has a real <title> (axe: `document-title`, serious), the unknown product and category
 * pages included: server-rendered, before any script runs. Pages this journey does not own are
 * held to "a title that names the store".
 */
import { APPLE } from "./support/app";
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
  ...["/", "/products", "/products/fruits", `/products/fruits/${APPLE.id}`, "/products?search=rice", "/cart", "/contact-us", "/privacy-policy", "/terms-and-conditions", "/cancellation-refund", "/shipping-delivery"].map(
    (path): [string, RegExp] => [path, /\S.*GreenBasket|GreenBasket.*\S/],
  ),
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
        await page.waitForFunction(() => (window as unknown as { __reactRouterDataRouter?: { state: { initialized: boolean } } }).__reactRouterDataRouter?.state.initialized);
        await expect(page).toHaveTitle("Page not found | GreenBasket");
      });
    }
  });
});
