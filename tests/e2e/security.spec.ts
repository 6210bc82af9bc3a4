/**
 * Page-level security in a real browser: hostile text stays text wherever it is shown (no markup,
 * no script, no dialog), documents carry a nonce-based CSP the app itself never trips, and files
 * that must stay private are not served.
 */
import type { Page } from "@playwright/test";
import { join } from "node:path";
import { APPLE, open, productCard, waitForHydration } from "./support/app";
import {
  addToCartFromProductPage,
  addressLine,
  openSellerPage,
  placeCodOrderFromCart,
  SELLER,
  sellerPage,
  shopperPage,
  shopperWithAddress,
  watchDialogs,
} from "./support/accounts";
import { expect, test } from "./support/catalogue";

const HOSTILE_STREET = "<img src=x onerror=alert(1)><script>alert(1)</script>";
const HOSTILE_SEARCH = "<script>alert(1)</script>";
const IMAGE = join(import.meta.dirname, "..", "..", "node_modules", "@lobehub", "fluent-emoji-3d", "assets", "1f951.webp");

/** Markup that would have come from hostile text: an <img src=x>, a <b>, a script that only says alert(1). */
async function injectedElements(page: Page) {
  return page.evaluate(() => ({
    imgX: document.querySelectorAll('img[src="x"]').length,
    bold: [...document.querySelectorAll("b")].filter((b) => b.textContent === "Bold").length,
    alertScripts: [...document.querySelectorAll("script")].filter((s) => (s.textContent ?? "").trim() === "alert(1)").length,
  }));
}

const NONE_INJECTED = { imgX: 0, bold: 0, alertScripts: 0 };

test.describe("hostile text is shown as text", () => {
  test("an address whose street is markup: plain text on the cart and on the seller's Orders page, no dialog", async ({ browser }, testInfo) => {
    const shopper = await shopperPage(browser);
    const seller = await sellerPage(browser);
    const dialogs = watchDialogs(shopper.context);
    const sellerDialogs = watchDialogs(seller.context);

    const { shopper: account, address } = await shopperWithAddress(shopper.page, testInfo, "Eve Mallory", { street: HOSTILE_STREET });
    await addToCartFromProductPage(shopper.page, APPLE, { signedIn: true });
    await open(shopper.page, "/cart");
    const choice = shopper.page.getByRole("radio", { name: addressLine(address) });
    await expect(choice).toBeChecked();
    await expect(shopper.page.getByRole("complementary", { name: "Order Summary" })).toContainText(HOSTILE_STREET);
    expect(await injectedElements(shopper.page)).toEqual(NONE_INJECTED);

    await placeCodOrderFromCart(shopper.page);
    await expect(shopper.page.getByRole("main").getByRole("article")).toHaveCount(1);

    await openSellerPage(seller.page, "/seller/orders");
    const order = seller.page.getByRole("article").filter({ hasText: account.email });
    await expect(order.getByTestId("order-address")).toContainText(`${HOSTILE_STREET}, ${address.city}`);
    expect(await injectedElements(seller.page)).toEqual(NONE_INJECTED);

    // Give a deferred onerror or script the chance to run before counting.
    await seller.page.waitForTimeout(300);
    expect(dialogs.concat(sellerDialogs)).toEqual([]);
    await shopper.context.close();
    await seller.context.close();
  });

  test("a product named with markup and a javascript: description line renders as text for seller and shopper, no dialog", async ({ browser, catalogueChanges }) => {
    const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const name = `<b>Bold</b> <script>alert(1)</script> ${suffix}`;
    catalogueChanges.added(name);
    const seller = await sellerPage(browser);
    const shopper = await shopperPage(browser);
    const dialogs = watchDialogs(seller.context);
    const shopperDialogs = watchDialogs(shopper.context);

    await openSellerPage(seller.page, "/seller");
    await seller.page.getByLabel("Image 1", { exact: true }).setInputFiles(IMAGE);
    await seller.page.getByLabel("Product Name").fill(name);
    await seller.page.getByLabel("Product Description").fill("Tasty\njavascript:alert(1)");
    await seller.page.getByLabel("Category").selectOption("Instant");
    await seller.page.getByLabel("Product Price (₹)").fill("40");
    await seller.page.getByLabel("Offer Price (₹)").fill("35");
    await seller.page.getByRole("button", { name: "ADD", exact: true }).click();
    await expect(seller.page.getByRole("status").getByText(`Product Added: ${name}`, { exact: true })).toBeVisible();

    await open(seller.page, `/seller/product-list?q=${encodeURIComponent(suffix)}`);
    const row = seller.page.getByRole("row").filter({ hasText: suffix });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole("cell").first()).toHaveText(name);
    await expect(row.getByRole("switch", { name: `${name} in stock` })).toBeVisible();
    expect(await injectedElements(seller.page)).toEqual(NONE_INJECTED);

    await open(shopper.page, `/products?search=${encodeURIComponent(suffix)}`);
    const card = productCard(shopper.page, name);
    await expect(card).toHaveCount(1);
    expect(await injectedElements(shopper.page)).toEqual(NONE_INJECTED);
    await card.getByRole("link").first().click();
    await expect(shopper.page).toHaveURL(/\/products\/instant\/[\w-]+$/);
    await expect(shopper.page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(shopper.page).toHaveTitle(`${name} | GreenBasket`);
    await expect(shopper.page.getByRole("listitem").filter({ hasText: /^javascript:alert\(1\)$/ })).toHaveCount(1);
    await expect(shopper.page.getByRole("link", { name: /javascript:/ })).toHaveCount(0);
    expect(await shopper.page.locator('a[href^="javascript:"]').count()).toBe(0);
    expect(await injectedElements(shopper.page)).toEqual(NONE_INJECTED);

    // Nor does the raw HTML carry the markup as markup (the hydration data included).
    const html = await (await shopper.page.request.get(new URL(shopper.page.url()).pathname)).text();
    expect(html).not.toContain("<b>Bold</b>");
    expect(html).not.toContain("<script>alert(1)</script>");

    await shopper.page.waitForTimeout(300);
    expect(dialogs.concat(shopperDialogs)).toEqual([]);
    await seller.context.close();
    await shopper.context.close();
  });

  test("a search for <script>alert(1)</script> shows the words, escaped", async ({ page, context }) => {
    const dialogs = watchDialogs(context);
    await open(page, `/products?search=${encodeURIComponent(HOSTILE_SEARCH)}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Results for “${HOSTILE_SEARCH}”`);
    // (Whether anything matches depends on what other journeys added: the markup-named product may.)
    await expect(page.getByRole("search").getByRole("searchbox", { name: "Search products" })).toHaveValue(HOSTILE_SEARCH);
    expect(await injectedElements(page)).toEqual(NONE_INJECTED);

    const html = await (await page.request.get(`/products?search=${encodeURIComponent(HOSTILE_SEARCH)}`)).text();
    expect(html).not.toContain(HOSTILE_SEARCH);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    await page.waitForTimeout(300);
    expect(dialogs).toEqual([]);
  });
});

test.describe("headers and private files", () => {
  test("documents carry a nonce CSP, frame-ancestors 'none', nosniff and a Referrer-Policy; the app never trips its CSP", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (message.text().includes("Content Security Policy")) violations.push(`${message.type()}: ${message.text()}`);
    });
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        const list = ((window as unknown as { __csp?: string[] }).__csp ??= []);
        list.push(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });

    const nonces = new Set<string>();
    for (const path of ["/", "/products", `/products/fruits/${APPLE.id}`, "/cart", "/seller"]) {
      const response = await page.goto(path);
      const headers = response!.headers();
      const csp = headers["content-security-policy"] ?? "";
      const nonce = csp.match(/script-src 'self' 'nonce-([A-Za-z0-9+/=]{16,})'/)?.[1];
      expect(nonce, `${path}: script-src with a nonce in "${csp}"`).toBeTruthy();
      nonces.add(nonce!);
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).not.toContain("'unsafe-eval'");
      expect(csp.match(/script-src [^;]*/)?.[0], path).not.toContain("'unsafe-inline'");
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      // A policy that never sends the full URL (path, query) to other sites.
      expect(headers["referrer-policy"], path).toMatch(/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/);
      // Every script of the page carries this document's nonce.
      const scriptNonces = await page.evaluate(() => [...document.scripts].map((s) => s.nonce));
      expect(scriptNonces.length, path).toBeGreaterThan(0);
      expect(new Set(scriptNonces), path).toEqual(new Set([nonce]));
      await waitForHydration(page, path === "/seller" ? "form" : "header");
    }
    expect(nonces.size, "a fresh nonce per document").toBe(5);

    // Interactive too: client-side navigation, a toast, the login dialog.
    await open(page, "/products");
    await productCard(page, APPLE.name).getByRole("button", { name: `Add ${APPLE.name} to cart` }).click();
    await expect(page.getByRole("status").getByText("Added To Cart")).toBeVisible();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Login" })).toBeVisible();
    await page.keyboard.press("Escape");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL("/");

    const reported = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
    expect(violations, "console CSP messages").toEqual([]);
    expect(reported, "securitypolicyviolation events").toEqual([]);
  });

  test("/.env, /.dev.vars, a source map and /api/debug are 404 and reveal no secret", async ({ request }) => {
    for (const path of ["/.env", "/.dev.vars", "/assets/whatever.js.map", "/api/debug"]) {
      const response = await request.get(path);
      const body = await response.text();
      expect(response.status(), path).toBe(404);
      expect(body, path).not.toContain("SELLER_PASSWORD");
      expect(body, path).not.toContain(SELLER.password);
      expect(body, path).not.toContain("SESSION_SECRET");
    }
  });
});
