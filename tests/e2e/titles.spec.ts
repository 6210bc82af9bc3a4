/**
 * Every page has a real <title> (axe: `document-title`, serious), the unknown product and category
 * pages included: server-rendered, before any script runs.
 */
import { APPLE } from "./support/app";
import { expect, test } from "./support/fixtures";

const TITLES: [path: string, title: string][] = [
  ["/", "GreenBasket: Groceries and snacks delivered in under 30 minutes"],
  ["/products", "All Products | GreenBasket"],
  ["/products/fruits", "Fresh Fruits | GreenBasket"],
  [`/products/fruits/${APPLE.id}`, `${APPLE.name} | GreenBasket`],
  ["/cart", "Your cart | GreenBasket"],
  ["/login", "Login | GreenBasket"],
  ["/loader?next=/", "Just a moment | GreenBasket"],
  ["/contact-us", "Contact Us | GreenBasket"],
  ["/seller/login", "Seller Login | GreenBasket"],
  ["/seller", "Seller Login | GreenBasket"],
  ["/no-such-page", "Page not found | GreenBasket"],
  ["/products/fruits/does-not-exist", "Page not found | GreenBasket"],
  ["/products/no-such-category", "Page not found | GreenBasket"],
  [`/products/vegetables/${APPLE.id}`, "Page not found | GreenBasket"],
];

test.describe("page titles", () => {
  test.use({ javaScriptEnabled: false });

  for (const [path, title] of TITLES) {
    test(`${path} is titled "${title}"`, async ({ page }) => {
      await page.goto(path, { waitUntil: "commit" });
      await expect(page).toHaveTitle(title);
    });
  }
});
