/**
 * What the Legal Metrology (Packaged Commodities) Rules ask a product page to declare (ADR 071): the net
 * quantity and its unit sale price (rule 6(11)), the price, the country of origin, the manufacturer or
 * packer, the best-before, the consumer-care contact. The seller writes them through the API and the
 * form; the page, the JSON-LD and the demo catalogue carry them.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { unitSalePrice } from "@shared/net-quantity";
import { SEED_PRODUCTS } from "../../scripts/seed-data";
import { seedDemoProducts } from "../../scripts/seed-products";
import { insertProduct } from "../support/builders";
import { call, json } from "../support/http";
import { postForm, productForm, sellerLogin, VALID_PRODUCT } from "../support/seller";
import { saveSettings } from "../support/settings";

const DECLARED = {
  countryOfOrigin: "India",
  manufacturer: "Sharma Foods Pvt. Ltd.\nPlot 4, Peenya, Bengaluru 560058",
  shelfLife: "6 months from packing",
};

describe("the unit sale price, rule 6(11)", () => {
  it.each([
    [2000, "500 g", "₹0.04 per g"], // below 1 kg: per gram, to the paisa
    [52_000, "5 kg", "₹104 per kg"], // above 1 kg: per kilogram
    [7500, "1.5 L", "₹50 per l"],
    [4000, "400ml", "₹0.10 per ml"],
    [8500, "12 pcs", "₹7.08 per piece"],
    [9000, "1 dozen", "₹7.50 per piece"],
    [11_000, "1 kg", null], // the price is the unit's: none asked
    [5500, "1 L", null],
    [3000, "1 piece", null],
    [3000, "a bunch", null], // a quantity it cannot read: none claimed
    [3000, null, null],
  ])("₹%i paise for %s: %s", (paise, weight, expected) => {
    expect(unitSalePrice(paise, weight)).toBe(expected);
  });
});

describe("the declarations", () => {
  it("the seller adds them through the API; an edit that leaves them out keeps them, an empty one clears it", async () => {
    const seller = await sellerLogin();
    const added = await postForm("/api/product/add", productForm({ ...VALID_PRODUCT, ...DECLARED, weight: "250 g" }), { Cookie: seller });
    expect(added.status).toBe(201);
    const { product } = await json<{ product: Record<string, unknown> & { _id: string } }>(added);
    expect(product).toMatchObject({ ...DECLARED, unitPrice: "₹0.14 per g" });

    const edit = (data: Record<string, unknown>) => {
      const form = productForm({ ...VALID_PRODUCT, ...data }, []);
      form.set("id", product._id);
      return postForm("/api/product/update", form, { Cookie: seller });
    };
    // The spec's own client knows nothing of them.
    expect((await json<{ product: object }>(await edit({ name: "Basil" }))).product).toMatchObject(DECLARED);
    expect((await json<{ product: object }>(await edit({ shelfLife: "" }))).product).toMatchObject({ ...DECLARED, shelfLife: null });

    const refused = await edit({ manufacturer: "x".repeat(301) });
    expect(refused.status).toBe(400);
    expect((await json(refused)).msg).toBe("Keep the manufacturer or packer under 300 characters");
    const refusedType = await edit({ countryOfOrigin: 91 });
    expect((await json(refusedType)).msg).toBe("Country of origin must be text");
  });

  it("the product page declares them, the store's contact for consumer care; MRP inclusive of all taxes only when no tax is added", async () => {
    const ghee = await insertProduct({ name: "Ghee 500 ml", category: "Dairy", pricePaise: 32_000, offerPricePaise: 30_000, weight: "500 ml", ...DECLARED });
    const page = async () =>
      (await (await call(`/products/dairy/${ghee.id}`)).text())
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ")
        .replace(/&amp;/g, "&");
    const text = await page();
    for (const fact of [
      "Net quantity 500 ml",
      "Unit sale price ₹0.60 per ml",
      "Regular price ₹320",
      "Country of origin India",
      "Manufacturer or packer Sharma Foods Pvt. Ltd. Plot 4, Peenya, Bengaluru 560058",
      "Best before 6 months from packing",
      "Consumer care GreenBasket Retail Pvt. Ltd., 12 Market Road, Bengaluru, Karnataka 560001, India. +91 80000 00000, support@greenbasket.example",
    ]) {
      expect(text).toContain(fact);
    }
    await saveSettings(await sellerLogin(), { taxPercent: 0 });
    expect(await page()).toContain("MRP ₹320 inclusive of all taxes");

    const html = await (await call(`/products/dairy/${ghee.id}`)).text();
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
    expect(jsonLd).toMatchObject({
      countryOfOrigin: "India",
      manufacturer: { "@type": "Organization", name: "Sharma Foods Pvt. Ltd.", address: "Plot 4, Peenya, Bengaluru 560058" },
    });
  });

  it("a product with none says N/A for its quantity and claims nothing else", async () => {
    const plain = await insertProduct({ name: "Loose Jaggery", category: "Grains", weight: null });
    const html = await (await call(`/products/grains/${plain.id}`)).text();
    expect(html).toMatch(/Net quantity<\/dt><dd[^>]*>N\/A/);
    for (const absent of ["Unit sale price", "Country of origin", "Manufacturer or packer", "Best before"]) expect(html).not.toContain(absent);
  });

  it("every demo product declares them; a demo product seeded before them gets them, one the seller declared keeps its own", async () => {
    for (const product of SEED_PRODUCTS) {
      expect(product.countryOfOrigin && product.manufacturer && product.shelfLife, product.name).toBeTruthy();
    }
    await seedDemoProducts(env.DB, SEED_PRODUCTS);
    const [first, second] = SEED_PRODUCTS;
    await env.DB.prepare("UPDATE products SET country_of_origin = NULL, manufacturer = NULL, shelf_life = NULL WHERE id = ?").bind(first!.id).run();
    await env.DB.prepare("UPDATE products SET country_of_origin = 'Nepal', manufacturer = NULL, shelf_life = NULL WHERE id = ?").bind(second!.id).run();

    await seedDemoProducts(env.DB, SEED_PRODUCTS);
    const row = (id: string) => env.DB.prepare("SELECT country_of_origin, manufacturer, shelf_life FROM products WHERE id = ?").bind(id).first();
    expect(await row(first!.id)).toEqual({ country_of_origin: first!.countryOfOrigin, manufacturer: first!.manufacturer, shelf_life: first!.shelfLife });
    expect(await row(second!.id)).toEqual({ country_of_origin: "Nepal", manufacturer: null, shelf_life: null });
  });
});
