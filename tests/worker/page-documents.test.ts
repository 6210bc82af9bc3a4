/**
 * What every page's first HTML says before any script runs: its status, its <title> (axe:
 * `document-title`, serious), its heading and, for the seller's pages, that search engines keep out.
 * The browser journeys keep what needs a browser: titles kept after hydration, links followed.
 */
import { describe, expect, it } from "vitest";
import { insertProduct } from "../support/builders";
import { call } from "../support/http";
import { sellerLogin } from "../support/seller";
import { saveSettings } from "../support/settings";

const ENTITIES: Record<string, string> = { "&amp;": "&", "&#x27;": "'", "&quot;": '"', "&lt;": "<", "&gt;": ">" };
const decode = (html: string) => html.replace(/&amp;|&#x27;|&quot;|&lt;|&gt;/g, (entity) => ENTITIES[entity]!);

/** The page's title, its first heading and the text of its main region, as a reader gets them. */
async function document(path: string, headers: HeadersInit = {}) {
  const response = await call(path, { headers });
  const html = await response.text();
  const text = (part: string | undefined) =>
    decode((part ?? "").replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, "").replace(/<[^>]+>/g, " "))
      .replace(/\s+/g, " ")
      .trim();
  return {
    status: response.status,
    title: decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ""),
    heading: text(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]),
    main: text(/<main[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1]),
    robots: /<meta name="robots" content="([^"]*)"/.exec(html)?.[1],
    html,
  };
}

const NAMES_THE_STORE = /\S.*GreenBasket|GreenBasket.*\S/;

describe("a page's first HTML", () => {
  it("unknown pages, products and categories are real 404s titled Page not found, inside the shop", async () => {
    const apple = await insertProduct({ name: "Apple 1 kg", category: "Fruits" });
    for (const path of ["/no-such-page", "/products/fruits/does-not-exist", "/products/no-such-category", `/products/vegetables/${apple.id}`]) {
      const page = await document(path);
      expect(page.status, path).toBe(404);
      expect(page.title, path).toBe("Page not found | GreenBasket");
      expect(page.heading, path).toBe("Page not found");
      expect(page.main, path).toContain("We couldn't find the page you were looking for.");
      // Still the shop: the top bar, the footer and the way back.
      expect(page.html, path).toMatch(/<nav[^>]*aria-label="Main"/);
      expect(page.html, path).toContain("<footer");
      expect(page.html, path).toMatch(/<a[^>]*href="\/"[^>]*>Back to the shop<\/a>/);
    }
  });

  it("every shop page has a title that names it and the store", async () => {
    const apple = await insertProduct({ name: "Apple 1 kg", category: "Fruits" });
    const titles: [path: string, title: string | RegExp][] = [
      ["/loader?next=/", "Just a moment | GreenBasket"],
      ["/login", "Login | GreenBasket"],
      ["/login?mode=signup&redirectTo=%2Fcart", "Sign up | GreenBasket"],
      ["/seller/login", "Seller Login | GreenBasket"],
      ["/seller", "Seller Login | GreenBasket"],
      ...["/", "/products", "/products/fruits", `/products/fruits/${apple.id}`, "/products?search=rice", "/cart"].map((path): [string, RegExp] => [
        path,
        NAMES_THE_STORE,
      ]),
    ];
    for (const [path, title] of titles) {
      const page = await document(path);
      expect(page.status, path).toBe(path === "/seller" ? 401 : 200); // the seller's area asks a guest to log in
      expect(page.title, path).toMatch(title);
    }
  });

  it("the store's text pages carry their heading and policy points", async () => {
    const pages = [
      { path: "/privacy-policy", title: "Privacy Policy", points: ["Card details never reach our servers", "a cart cookie so your cart survives a reload"] },
      {
        path: "/terms-and-conditions",
        title: "Terms and Conditions",
        points: ["A tax of 2% of the cart amount is added at checkout. Delivery is free.", "You may cancel within 1 hour of ordering"],
      },
      {
        path: "/cancellation-refund",
        title: "Cancellation & Refund Policy",
        points: ["You can cancel an order within 1 hour of placing it", "Refunds are processed in 5-7 business days."],
      },
      {
        path: "/shipping-delivery",
        title: "Shipping And Delivery",
        points: [
          "We deliver only within one state",
          "Orders are delivered in 2-7 business days",
          "Delivery is free on every order. The cart shows every fee before you order.",
        ],
      },
      { path: "/contact-us", title: "Contact Us", points: ["support@greenbasket.example", "+91 80000 00000"] },
    ];
    for (const { path, title, points } of pages) {
      const page = await document(path);
      expect(page.status, path).toBe(200);
      expect(page.title, path).toBe(`${title} | GreenBasket`);
      expect(page.heading, path).toBe(title);
      for (const point of points) expect(page.main, path).toContain(point);
    }
  });

  it("each of the seller's pages has its own title, and none is for search engines", async () => {
    const cookie = await sellerLogin();
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
      const page = await document(path, { cookie });
      expect(page.status, path).toBe(200);
      expect(page.title, path).toBe(`${title} | GreenBasket`);
      expect(page.robots, path).toBe("noindex");
    }
    // The tax setting tells a store trading in India how to keep to MRP pricing.
    expect((await document("/seller/settings", { cookie })).main).toContain("A store trading in India should set 0%: prices then include GST");
  });

  it("calls a struck-through price MRP, and prices inclusive of all taxes, only where no tax is added at checkout", async () => {
    const apple = await insertProduct({ name: "Apple 1 kg", category: "Fruits", pricePaise: 12_000, offerPricePaise: 11_000 });
    const productPage = async () => (await document(`/products/fruits/${apple.id}`)).main;
    // The demo's 2% added at checkout: ₹120 is no MRP, the price not inclusive.
    expect(await productPage()).toContain("Regular price ₹120");
    expect(await productPage()).toContain("+ 2% tax added at checkout");
    expect(await productPage()).not.toMatch(/MRP|inclusive of all taxes/i);

    await saveSettings(await sellerLogin(), { taxPercent: 0 });
    expect(await productPage()).toContain("MRP ₹120");
    expect(await productPage()).toContain("Inclusive of all taxes");
  });

  it("the seller's product list says what shoppers see of each product, and why, then what is counted", async () => {
    await insertProduct({ name: "Counted apples", stock: 12 });
    await insertProduct({ name: "Switched-off apples", stock: 12, switchedOff: true });
    await insertProduct({ name: "Sold-out apples", stock: 0 });
    await insertProduct({ name: "Uncounted apples" });
    const rows = (await document("/seller/product-list", { cookie: await sellerLogin() })).main;
    expect(rows).toContain("Counted apples On sale · 12 left");
    expect(rows).toContain("Switched-off apples Switched off: shoppers see it out of stock · 12 left");
    expect(rows).toContain("Sold-out apples Sold out: shoppers see it out of stock · 0 left");
    expect(rows).toContain("Uncounted apples On sale · not counted");
  });
});
