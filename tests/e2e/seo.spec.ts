/**
 * What search engines and link previews read (ADR 037), from the production build: a product
 * page's JSON-LD, canonical URL and Open Graph tags, the listings' canonical URLs, and the sitemap
 * and robots.txt as served.
 */
import type { Page } from "@playwright/test";
import { APPLE, open } from "./support/app";
import { expect, test } from "./support/fixtures";

type JsonLd = Record<string, unknown> & { "@type": string };

async function jsonLd(page: Page): Promise<JsonLd[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as JsonLd);
}

const canonical = (page: Page) => page.locator('link[rel="canonical"]');
const meta = (page: Page, key: string) => page.locator(`meta[property="${key}"], meta[name="${key}"]`);

test.describe("search engines and link previews", () => {
  test("a product page carries Product and BreadcrumbList JSON-LD, its canonical URL and Open Graph tags", async ({ page }) => {
    // Reached through a differently cased link: the canonical URL is still the product's own.
    await open(page, `/products/FRUITS/${APPLE.id}`);
    const productUrl = /^https?:\/\/[^/]+\/products\/fruits\/seed-apple-1-kg$/;
    await expect(canonical(page)).toHaveCount(1);
    await expect(canonical(page)).toHaveAttribute("href", productUrl);

    const [product, breadcrumbs] = await jsonLd(page);
    expect(product).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: APPLE.name,
      sku: APPLE.id,
      offers: { "@type": "Offer", priceCurrency: "INR", price: "110.00", availability: "https://schema.org/InStock" },
    });
    expect((product!.offers as { url: string }).url).toMatch(productUrl);
    expect((product!.image as string[])[0]).toMatch(/^https?:\/\/[^/]+\/images\/seed\//);
    expect(breadcrumbs).toMatchObject({ "@type": "BreadcrumbList" });
    expect((breadcrumbs!.itemListElement as { name: string; position: number }[]).map((i) => [i.position, i.name])).toEqual([
      [1, "Home"],
      [2, "Products"],
      [3, "Fresh Fruits"],
      [4, APPLE.name],
    ]);

    await expect(meta(page, "og:type")).toHaveAttribute("content", "product");
    await expect(meta(page, "og:title")).toHaveAttribute("content", `${APPLE.name} | GreenBasket`);
    await expect(meta(page, "og:url")).toHaveAttribute("content", productUrl);
    await expect(meta(page, "og:image")).toHaveAttribute("content", /^https?:\/\/[^/]+\/images\/seed\/.+\.webp$/);
    await expect(meta(page, "og:description")).toHaveAttribute("content", /Apple 1 kg/);
    await expect(meta(page, "twitter:card")).toHaveAttribute("content", "summary_large_image");

    // A client-side move to another product brings that product's tags along.
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Fresh Fruits" }).click();
    await expect(page).toHaveURL("/products/fruits");
    await expect(canonical(page)).toHaveAttribute("href", /\/products\/fruits$/);
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
  });

  test("listings name the plain listing as canonical, whatever the query; a search is not indexed", async ({ page }) => {
    await open(page, "/products?search=apple&cursor=x");
    await expect(canonical(page)).toHaveAttribute("href", /^https?:\/\/[^/]+\/products$/);
    await expect(meta(page, "robots")).toHaveAttribute("content", "noindex, follow");
    await open(page, "/products/Fruits?cursor=abc");
    await expect(canonical(page)).toHaveAttribute("href", /^https?:\/\/[^/]+\/products\/fruits$/);
    await open(page, "/");
    await expect(canonical(page)).toHaveAttribute("href", /^https?:\/\/[^/]+\/$/);
    await expect(meta(page, "og:image")).toHaveAttribute("content", /^https?:\/\/[^/]+\/images\/site\//);
  });
});

test("robots.txt names the sitemap index, which names child sitemaps listing the products", async ({ request }) => {
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  const text = await robots.text();
  expect(text).toContain("Disallow: /seller");
  const sitemapUrl = /^Sitemap: (\S+)$/m.exec(text)?.[1];
  expect(sitemapUrl).toMatch(/^https?:\/\/[^/]+\/sitemap\.xml$/);

  const index = await request.get(new URL(sitemapUrl!).pathname);
  expect(index.status()).toBe(200);
  expect(index.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  const children = [...(await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(children).toEqual(expect.arrayContaining(["/sitemaps/pages.xml", "/sitemaps/products-1.xml"]));
  const products = await (await request.get("/sitemaps/products-1.xml")).text();
  expect(products).toMatch(/<loc>https?:\/\/[^/<]+\/products\/fruits\/seed-apple-1-kg<\/loc>/);
});
