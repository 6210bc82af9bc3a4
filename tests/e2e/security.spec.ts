/**
 * Page-level security in a real browser: hostile text stays text wherever it is shown (no markup,
 * no script, no dialog), documents carry a nonce-based CSP the app itself never trips, and files
 * that must stay private are not served.
 */
import type { Page } from "@playwright/test";
import { join } from "node:path";
import { APPLE, open, productCard, waitForHydration } from "./support/app";
import {
  addAddressByApi,
  addToCartFromProductPage,
  addressLine,
  newAddress,
  openSellerPage,
  placeCodOrderFromCart,
  SELLER,
  watchDialogs,
} from "./support/accounts";
import { CATALOGUE_TAG, expect, test } from "./support/fixtures";

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

/**
 * Let whatever the page would still run by itself run before dialogs are counted: an image's
 * onerror fires once the image has failed, so wait until every image that loads now has loaded or
 * failed, then one more task for the events queued by the last of them. (Lazy images below the fold
 * never load here.) A dialog opened meanwhile blocks the page until watchDialogs dismisses it, so it
 * has been counted when this returns.
 */
async function settle(page: Page) {
  await expect.poll(() => page.evaluate(() => [...document.images].every((img) => img.complete || img.loading === "lazy"))).toBe(true);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

test.describe("hostile text is shown as text", () => {
  test("an address whose street is markup: plain text on the cart and on the seller's Orders page, no dialog", async ({
    page: shopperPage,
    shopper,
    sellerPage,
  }) => {
    const dialogs = watchDialogs(shopperPage.context());
    const sellerDialogs = watchDialogs(sellerPage.context());

    const address = newAddress(shopper, { street: HOSTILE_STREET });
    await addAddressByApi(shopperPage, address);
    await addToCartFromProductPage(shopperPage, APPLE, { signedIn: true });
    await open(shopperPage, "/cart");
    const choice = shopperPage.getByRole("radio", { name: addressLine(address) });
    await expect(choice).toBeChecked();
    await expect(shopperPage.getByRole("complementary", { name: "Order Summary" })).toContainText(HOSTILE_STREET);
    expect(await injectedElements(shopperPage)).toEqual(NONE_INJECTED);

    await placeCodOrderFromCart(shopperPage);
    await expect(shopperPage.getByRole("main").getByRole("article")).toHaveCount(1);

    await openSellerPage(sellerPage, "/seller/orders");
    const order = sellerPage.getByRole("article").filter({ hasText: shopper.email });
    await expect(order.getByTestId("order-address")).toContainText(`${HOSTILE_STREET}, ${address.city}`);
    expect(await injectedElements(sellerPage)).toEqual(NONE_INJECTED);

    await settle(shopperPage);
    await settle(sellerPage);
    expect(dialogs.concat(sellerDialogs)).toEqual([]);
  });

  test(
    "a product named with markup and a javascript: description line renders as text for seller and shopper, no dialog",
    { tag: CATALOGUE_TAG },
    async ({ sellerPage, page: shopperPage, catalogueChanges }) => {
      const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      const name = `<b>Bold</b> <script>alert(1)</script> ${suffix}`;
      catalogueChanges.added(name);
      const dialogs = watchDialogs(sellerPage.context());
      const shopperDialogs = watchDialogs(shopperPage.context());

      await openSellerPage(sellerPage, "/seller");
      await sellerPage.getByLabel("Upload image 1", { exact: true }).setInputFiles(IMAGE);
      await sellerPage.getByLabel("Product Name").fill(name);
      await sellerPage.getByLabel("Product Description").fill("Tasty\njavascript:alert(1)");
      await sellerPage.getByLabel("Category").selectOption("Instant");
      await sellerPage.getByLabel("Product Price (₹)").fill("40");
      await sellerPage.getByLabel("Offer Price (₹)").fill("35");
      await sellerPage.getByRole("button", { name: "ADD", exact: true }).click();
      await expect(sellerPage.getByRole("status").getByText(`Product Added: ${name}`, { exact: true })).toBeVisible();

      await open(sellerPage, `/seller/product-list?q=${encodeURIComponent(suffix)}`);
      const row = sellerPage.getByRole("row").filter({ hasText: suffix });
      await expect(row).toHaveCount(1);
      await expect(row.getByText(name, { exact: true })).toBeVisible(); // the name, as text
      await expect(row.getByRole("switch", { name: `${name} in stock` })).toBeVisible();
      expect(await injectedElements(sellerPage)).toEqual(NONE_INJECTED);

      await open(shopperPage, `/products?search=${encodeURIComponent(suffix)}`);
      const card = productCard(shopperPage, name);
      await expect(card).toHaveCount(1);
      expect(await injectedElements(shopperPage)).toEqual(NONE_INJECTED);
      await card.getByRole("link").first().click();
      await expect(shopperPage).toHaveURL(/\/products\/instant\/[\w-]+$/);
      await expect(shopperPage.getByRole("heading", { level: 1 })).toHaveText(name);
      await expect(shopperPage).toHaveTitle(`${name} | GreenBasket`);
      await expect(shopperPage.getByRole("listitem").filter({ hasText: /^javascript:alert\(1\)$/ })).toHaveCount(1);
      await expect(shopperPage.getByRole("link", { name: /javascript:/ })).toHaveCount(0);
      expect(await shopperPage.locator('a[href^="javascript:"]').count()).toBe(0);
      expect(await injectedElements(shopperPage)).toEqual(NONE_INJECTED);

      // Nor does the raw HTML carry the markup as markup (the hydration data included).
      const html = await (await shopperPage.request.get(new URL(shopperPage.url()).pathname)).text();
      expect(html).not.toContain("<b>Bold</b>");
      expect(html).not.toContain("<script>alert(1)</script>");

      await settle(sellerPage);
      await settle(shopperPage);
      expect(dialogs.concat(shopperDialogs)).toEqual([]);
    },
  );

  test("a search for <script>alert(1)</script> shows the words, escaped", async ({ page, context }) => {
    const dialogs = watchDialogs(context);
    await open(page, `/products?search=${encodeURIComponent(HOSTILE_SEARCH)}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Results for “${HOSTILE_SEARCH}”`);
    // (Whether anything matches depends on what other journeys added: the markup-named product may.)
    await expect(page.getByRole("search").getByRole("combobox", { name: "Search products" })).toHaveValue(HOSTILE_SEARCH);
    expect(await injectedElements(page)).toEqual(NONE_INJECTED);

    const html = await (await page.request.get(`/products?search=${encodeURIComponent(HOSTILE_SEARCH)}`)).text();
    expect(html).not.toContain(HOSTILE_SEARCH);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    await settle(page);
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
      // JSON-LD blocks (a product page's) are data, never run: the policy's script-src does not apply to them.
      const scriptNonces = await page.evaluate(() => [...document.scripts].filter((s) => s.type !== "application/ld+json").map((s) => s.nonce));
      expect(scriptNonces.length, path).toBeGreaterThan(0);
      expect(new Set(scriptNonces), path).toEqual(new Set([nonce]));
      await waitForHydration(page, path === "/seller" ? "form" : "header");
    }
    expect(nonces.size, "a fresh nonce per document").toBe(5);

    // Interactive too: client-side navigation, a toast, the login dialog.
    await open(page, "/products");
    await productCard(page, APPLE.name)
      .getByRole("button", { name: `Add ${APPLE.name} to cart` })
      .click();
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
