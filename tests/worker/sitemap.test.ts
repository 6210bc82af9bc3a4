/**
 * The sitemap index, its children and robots.txt (ADR 037), through the resource routes' loaders
 * with the Worker's context, against the real local D1.
 */
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import * as robots from "~/routes/seo/robots";
import * as sitemap from "~/routes/seo/sitemap";
import * as sitemapIndex from "~/routes/seo/sitemap-index";
import { getDb } from "@worker/db/client";
import { PRODUCTS_PER_SITEMAP } from "@worker/services/sitemap";
import { workerContext } from "@worker/web/context";
import { insertProduct } from "../support/builders";

const APP_URL = "https://shop.example.in";

async function get(route: { loader: (args: never) => unknown }, params: Record<string, string> = {}): Promise<Response> {
  const context = new RouterContextProvider();
  context.set(workerContext, { env: { ...env, APP_URL }, ctx: createExecutionContext(), db: getDb(env) });
  return (await route.loader({ request: new Request(`${APP_URL}/`), context, params } as never)) as Response;
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

describe("sitemap", () => {
  it("the index names the fixed pages' sitemap and one per 1,000 product rowids, as absolute URLs, cacheable", async () => {
    await insertProduct();
    const response = await get(sitemapIndex);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(locs(xml)).toEqual([`${APP_URL}/sitemaps/pages.xml`, `${APP_URL}/sitemaps/products-1.xml`]);

    // A product past the first block of rowids opens a second child sitemap.
    await env.DB.prepare(
      "INSERT INTO products (rowid, id, name, category, price_paise, offer_price_paise, created_at, updated_at) VALUES (?, 'far-away', 'Far Away Fig', 'Fruits', 100, 100, 1, 1)",
    )
      .bind(PRODUCTS_PER_SITEMAP + 1)
      .run();
    expect(locs(await (await get(sitemapIndex)).text())).toEqual([
      `${APP_URL}/sitemaps/pages.xml`,
      `${APP_URL}/sitemaps/products-1.xml`,
      `${APP_URL}/sitemaps/products-2.xml`,
    ]);
    const second = await (await get(sitemap, { file: "products-2.xml" })).text();
    expect(locs(second)).toEqual([`${APP_URL}/products/fruits/far-away`]);
    expect(locs(await (await get(sitemap, { file: "products-1.xml" })).text())).not.toContain(`${APP_URL}/products/fruits/far-away`);
    expect((await get(sitemap, { file: "products-3.xml" })).status).toBe(404);
  });

  it("a product child lists every product page, on sale or not, with its last change, escaped", async () => {
    const onSale = await insertProduct({ name: "Ripe Mango", category: "Fruits", updatedAt: Date.UTC(2026, 10, 1, 8) });
    const soldOut = await insertProduct({ name: "Sold Out Sapota", category: "Fruits", stock: 0 });
    const switchedOff = await insertProduct({ name: "Paused Papaya", category: "Fruits", inStock: false });
    const odd = await insertProduct({ id: "o'brien&sons<1>", name: "Odd Id Okra", category: "Vegetables" });
    const response = await get(sitemap, { file: "products-1.xml" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    const xml = await response.text();
    expect(xml).toContain(`<url><loc>${APP_URL}/products/fruits/${onSale.id}</loc><lastmod>2026-11-01T08:00:00.000Z</lastmod></url>`);
    expect(locs(xml)).toEqual(expect.arrayContaining([`${APP_URL}/products/fruits/${soldOut.id}`, `${APP_URL}/products/fruits/${switchedOff.id}`]));
    // The id is percent-encoded in the path, and what remains special to XML is escaped.
    expect(xml).toContain(`<loc>${APP_URL}/products/vegetables/o&apos;brien%26sons%3C1%3E</loc>`);
    expect(odd.id).toBe("o'brien&sons<1>");
    expect(xml).not.toMatch(/<loc>[^<]*[&](?!amp;|lt;|gt;|quot;|apos;)/);
  });

  it("the fixed pages: home, listings, every category and the policy pages; never the seller's or a shopper's", async () => {
    const xml = await (await get(sitemap, { file: "pages.xml" })).text();
    const urls = locs(xml);
    expect(urls).toEqual(
      expect.arrayContaining([
        `${APP_URL}/`,
        `${APP_URL}/products`,
        `${APP_URL}/products/fruits`,
        `${APP_URL}/products/vegetables`,
        `${APP_URL}/shipping-delivery`,
      ]),
    );
    expect(urls).toHaveLength(2 + 7 + 5);
    expect(urls.some((u) => /seller|cart|my-orders|login/.test(u!))).toBe(false);
  });

  it("an unknown or malformed child name is a 404, not an empty sitemap", async () => {
    for (const file of ["products-0.xml", "products-01.xml", "products-1.txt", "products-x.xml", "pages", "index.xml", "products-99999999.xml"]) {
      expect((await get(sitemap, { file })).status, file).toBe(404);
    }
    // No products at all: only the fixed pages, and no product child.
    expect(locs(await (await get(sitemapIndex)).text())).toEqual([`${APP_URL}/sitemaps/pages.xml`]);
    expect((await get(sitemap, { file: "products-1.xml" })).status).toBe(404);
  });
});

describe("robots.txt", () => {
  it("lets crawlers into the shop, keeps them out of the seller's and shoppers' pages, and names the sitemap index", async () => {
    const response = await get(robots);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const text = await response.text();
    const lines = text.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    for (const path of ["/seller", "/cart", "/my-orders", "/add-address", "/login", "/api/"]) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).not.toContain("Disallow: /");
    expect(lines).not.toContain("Disallow: /products");
    expect(lines).toContain(`Sitemap: ${APP_URL}/sitemap.xml`);
  });
});
