// The shop's search (worker/services/search.ts, ADR 030): ranking tiers, plurals, typos, synonyms
// (the store's own list from migrations/0007 and the seller's), sorts, filters, paging, and the
// query plans at any catalogue size.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "@worker/db/client";
import type { NewProduct } from "@worker/db/schema";
import { browseProducts, suggestProducts, type ShopQuery } from "@worker/services/search";
import { saveSearchSynonym } from "@worker/services/search-synonyms";
import { correctedSearch, planSearch, stem } from "@worker/services/search-query";
import { db, insertProduct } from "../support/builders";

const store = () => ({ db: db(), env });

async function names(search: string, query: Partial<ShopQuery> = {}) {
  return (await browseProducts(db(), { search, sort: "relevance", ...query })).products.map((p) => p.name);
}

/** A slice of the demo catalogue (shared/spec/catalogue.md), in its order. */
async function demoCatalogue() {
  const rows: Partial<NewProduct>[] = [
    { name: "Potato 500g", category: "Vegetables", pricePaise: 2500, offerPricePaise: 2000 },
    { name: "Tomato 1 kg", category: "Vegetables", pricePaise: 4000, offerPricePaise: 3500 },
    { name: "Onion 500g", category: "Vegetables", pricePaise: 2200, offerPricePaise: 1900 },
    { name: "Apple 1 kg", category: "Fruits", pricePaise: 12000, offerPricePaise: 11000 },
    { name: "Banana 1 kg", category: "Fruits", pricePaise: 5000, offerPricePaise: 4500 },
    { name: "Grapes 500g", category: "Fruits", pricePaise: 7000, offerPricePaise: 6500 },
    { name: "Amul Milk 1L", category: "Dairy", pricePaise: 6000, offerPricePaise: 5500 },
    { name: "Curd 400g", category: "Dairy", pricePaise: 4500, offerPricePaise: 4000 },
    { name: "Eggs 12 pcs", category: "Dairy", pricePaise: 9000, offerPricePaise: 8500 },
    { name: "Basmati Rice 5kg", category: "Grains", pricePaise: 55000, offerPricePaise: 52000 },
    { name: "Wheat Flour 5kg", category: "Grains", pricePaise: 25000, offerPricePaise: 23000 },
    { name: "Brown Rice 1kg", category: "Grains", pricePaise: 12000, offerPricePaise: 11000 },
    { name: "Whole Wheat Bread 400g", category: "Bakery", pricePaise: 4500, offerPricePaise: 4000 },
    { name: "Maggi Noodles 280g", category: "Instant", pricePaise: 5500, offerPricePaise: 5000 },
    { name: "Knorr Cup Soup 70g", category: "Instant", pricePaise: 3500, offerPricePaise: 3000 },
  ];
  for (const row of rows) await insertProduct(row);
}

describe("search ranking", () => {
  it("ranks a name starting with the text first, then a word starting with it, then the text inside a word", async () => {
    await insertProduct({ name: "Pineapple Slices" });
    await insertProduct({ name: "Green Apple 1 kg" });
    await insertProduct({ name: "Apple Juice 1L" });
    await insertProduct({ name: "Orange 1 kg" });
    expect(await names("apple")).toEqual(["Apple Juice 1L", "Green Apple 1 kg", "Pineapple Slices"]);
    // A prefix of a word is enough, and case does not matter.
    expect(await names("APP")).toEqual(["Apple Juice 1L", "Green Apple 1 kg", "Pineapple Slices"]);
    expect(await names("gre")).toEqual(["Green Apple 1 kg"]);
  });

  it("finds plurals through their stem: tomatoes, potatoes, grapes, eggs, bananas", async () => {
    await demoCatalogue();
    expect(await names("tomatoes")).toEqual(["Tomato 1 kg"]);
    expect(await names("potatoes")).toEqual(["Potato 500g"]);
    expect(await names("grapes")).toEqual(["Grapes 500g"]);
    expect(await names("grape")).toEqual(["Grapes 500g"]);
    expect(await names("eggs")).toEqual(["Eggs 12 pcs"]);
    expect(await names("bananas")).toEqual(["Banana 1 kg"]);
    // Every word must be there, in any order.
    expect(await names("rice brown")).toEqual(["Brown Rice 1kg"]);
  });

  it("tolerates typos when nothing matches as typed, and says what was probably meant", async () => {
    await demoCatalogue();
    const aple = await browseProducts(db(), { search: "aple", sort: "relevance" });
    expect(aple.products.map((p) => p.name)).toEqual(["Apple 1 kg"]);
    expect(aple.match).toBe("close");
    expect(aple.didYouMean).toBe("apple");
    expect(await names("bananna")).toEqual(["Banana 1 kg"]);
    expect(await names("tomatoe")).toEqual(["Tomato 1 kg"]);
    expect((await browseProducts(db(), { search: "amul milkk", sort: "relevance" })).didYouMean).toBe("amul milk");
  });

  it("adds close spellings only when no word of a name starts with the text", async () => {
    await insertProduct({ name: "Apple 1 kg" });
    await insertProduct({ name: "Maple Syrup 250ml" });
    const exact = await browseProducts(db(), { search: "apple", sort: "relevance" });
    expect(exact.products.map((p) => p.name)).toEqual(["Apple 1 kg"]);
    expect(exact.match).toBe("found");
    expect(exact.didYouMean).toBeNull();
    // "aple" is inside "Maple": too weak a match to hide the apples, which follow it.
    expect(await names("aple")).toEqual(["Maple Syrup 250ml", "Apple 1 kg"]);
  });

  it("finds what Indian shoppers type through the store's synonyms: aloo, pyaz, doodh, atta, chawal, dahi, kela", async () => {
    await demoCatalogue();
    expect(await names("aloo")).toEqual(["Potato 500g"]);
    expect(await names("pyaz")).toEqual(["Onion 500g"]);
    expect(await names("pyaaz")).toEqual(["Onion 500g"]);
    expect(await names("doodh")).toEqual(["Amul Milk 1L"]);
    expect(await names("amul doodh")).toEqual(["Amul Milk 1L"]);
    expect(await names("atta")).toEqual(["Wheat Flour 5kg"]);
    expect(await names("chawal")).toEqual(["Basmati Rice 5kg", "Brown Rice 1kg"]);
    expect(await names("dahi")).toEqual(["Curd 400g"]);
    expect(await names("kela")).toEqual(["Banana 1 kg"]);
    // A synonym naming an aisle lists it: there are no chips in the demo catalogue, so "chips" and "namkeen" show the snacks aisle.
    expect(await names("chips")).toEqual(["Maggi Noodles 280g", "Knorr Cup Soup 70g"]);
    expect(await names("namkeen")).toEqual(["Maggi Noodles 280g", "Knorr Cup Soup 70g"]);
  });

  it("lists a product named with the shopper's word before the products its synonym finds", async () => {
    await insertProduct({ name: "Potato 500g", category: "Vegetables" });
    await insertProduct({ name: "Aloo Bhujia 200g", category: "Instant" });
    expect(await names("aloo")).toEqual(["Aloo Bhujia 200g", "Potato 500g"]);
    const chips = await insertProduct({ name: "Potato Chips Salted", category: "Instant" });
    await insertProduct({ name: "Cup Noodles", category: "Instant" });
    expect(await names("chips")).toEqual([chips.name, "Aloo Bhujia 200g", "Cup Noodles"]);
  });

  it("a category's name lists the category", async () => {
    await demoCatalogue();
    expect(await names("fruits")).toEqual(["Apple 1 kg", "Banana 1 kg", "Grapes 500g"]);
    expect(await names("cold drinks")).toEqual([]);
    expect(await names("Fresh Fruits")).toEqual(["Apple 1 kg", "Banana 1 kg", "Grapes 500g"]);
  });

  it("the seller's own words work at once, and a meaning can be an aisle", async () => {
    await demoCatalogue();
    expect(await names("kadak chai")).toEqual([]);
    await saveSearchSynonym(store().db, { term: "tamaatar", meaning: "tomato" });
    await saveSearchSynonym(store().db, { term: "nashta", meaning: "Instant" });
    expect(await names("tamaatar")).toEqual(["Tomato 1 kg"]);
    expect(await names("nashta")).toEqual(["Maggi Noodles 280g", "Knorr Cup Soup 70g"]);
  });

  it("finds nothing for text unlike any name, and never lists what is out of stock", async () => {
    await demoCatalogue();
    await insertProduct({ name: "Durian Imported", inStock: false });
    const none = await browseProducts(db(), { search: "durian", sort: "relevance" });
    expect(none).toMatchObject({ products: [], match: "none", didYouMean: null, nextCursor: null });
    expect(await names("xqzv")).toEqual([]);
  });

  it("a search's last page names its best sold-out matches: ranked, at most 4; nothing in stock, they are all it names", async () => {
    await insertProduct({ name: "Tomato 1 kg", category: "Vegetables" });
    await insertProduct({ name: "Baby Potato 250g", category: "Vegetables", inStock: false });
    await insertProduct({ name: "Potato 500g", category: "Vegetables", inStock: false });
    const soldOut = async (search: string, query: Partial<ShopQuery> = {}) => {
      const page = await browseProducts(db(), { search, sort: "relevance", ...query });
      expect(page.products).toEqual([]);
      return page.soldOut.map((p) => p.name);
    };
    // A synonym, a plural, a typo: the same ranking as in stock (the name starting with it first).
    expect(await soldOut("aloo")).toEqual(["Baby Potato 250g", "Potato 500g"]);
    expect(await soldOut("potatoes")).toEqual(["Potato 500g", "Baby Potato 250g"]);
    expect(await soldOut("potatos", { sort: "price-asc" })).toEqual(["Potato 500g", "Baby Potato 250g"]);
    expect(await soldOut("potato", { category: "Fruits" })).toEqual([]);
    expect((await suggestProducts(db(), "aloo")).products.map((p) => p.name)).toEqual(["Baby Potato 250g", "Potato 500g"]);
    for (let i = 0; i < 5; i++) await insertProduct({ name: `Potato Wedges ${i}`, inStock: false });
    expect(await soldOut("potato")).toHaveLength(4);

    // Something in stock matches too: it is listed, and the sold-out ones are named after it ("bread" and Brown Bread).
    await insertProduct({ name: "Potato Chips 50g", category: "Instant" });
    const found = await browseProducts(db(), { search: "potato", sort: "relevance" });
    expect(found.products.map((p) => p.name)).toEqual(["Potato Chips 50g"]);
    expect(found.soldOut.map((p) => p.name)).toEqual(["Potato 500g", "Potato Wedges 0", "Potato Wedges 1", "Potato Wedges 2"]);
    expect((await suggestProducts(db(), "potato")).products.map((p) => [p.name, p.inStock])).toEqual([
      ["Potato Chips 50g", true],
      ["Potato 500g", false],
      ["Potato Wedges 0", false],
      ["Potato Wedges 1", false],
      ["Potato Wedges 2", false],
    ]);
    // Only where the results end: a page with more to come names none.
    for (let i = 0; i < 3; i++) await insertProduct({ name: `Potato Fries ${i}`, category: "Instant" });
    const first = await browseProducts(db(), { search: "potato", sort: "relevance", limit: 2 });
    expect(first.nextCursor).not.toBeNull();
    expect(first.soldOut).toEqual([]);
    let last = first;
    while (last.nextCursor) last = await browseProducts(db(), { search: "potato", sort: "relevance", limit: 2, cursor: last.nextCursor });
    expect(last.soldOut).toHaveLength(4);
  });

  it("FTS syntax, quotes and LIKE wildcards in the text are inert", async () => {
    await insertProduct({ name: "100% Juice" });
    await insertProduct({ name: "Tomato 1 kg" });
    for (const hostile of ['"', '"tom', "tom*", "NEAR(tom pot)", "name:tom", "tom OR pot", "a_b%", "'; DROP TABLE products; --", "\\\\"]) {
      expect(Array.isArray(await names(hostile)), hostile).toBe(true);
    }
    expect(await names("100%")).toEqual(["100% Juice"]);
    expect(await names("tom*")).toEqual(["Tomato 1 kg"]);
  });

  it("the typeahead suggests the first few the search page lists", async () => {
    await demoCatalogue();
    const { products, didYouMean } = await suggestProducts(db(), "aloo");
    expect(products.map((p) => p.name)).toEqual(["Potato 500g"]);
    expect(didYouMean).toBeNull();
    expect((await suggestProducts(db(), "tomatos")).products.map((p) => p.name)).toEqual(["Tomato 1 kg"]);
    expect((await suggestProducts(db(), "r")).products.length).toBeLessThanOrEqual(6);
    for (let i = 0; i < 8; i++) await insertProduct({ name: `Rice Pack ${i}` });
    expect((await suggestProducts(db(), "rice")).products).toHaveLength(6);
  });
});

describe("search text", () => {
  it("stems plurals to a piece both forms contain, never below three letters", () => {
    expect(["tomatoes", "potatoes", "apples", "berries", "grapes", "eggs", "chips", "peaches", "glass", "bus", "pies", "tea"].map(stem)).toEqual([
      "tomato",
      "potato",
      "apple",
      "berr",
      "grape",
      "egg",
      "chip",
      "peach",
      "glass",
      "bus",
      "pie",
      "tea",
    ]);
  });

  it("plans every word for the index, synonym keys for the text and its words, and trigrams for long words", () => {
    const plan = planSearch("Amul Doodh 1L");
    expect(plan.literal).toBe('"amul" AND "doodh"');
    expect(plan.synonymKeys).toEqual(expect.arrayContaining(["amul doodh 1l", "amul", "doodh", "1l"]));
    expect(plan.grams).toEqual(expect.arrayContaining([" am", "amu", "mul", "ul ", " do", "doo", "ood", "odh", "dh "]));
    expect(planSearch("7 up").literal).toBe('"7 up"');
    expect(planSearch("tea").fuzzy).toBeNull();
    expect(planSearch("fruit").category).toBe("Fruits");
    expect(planSearch("cold drinks").category).toBe("Drinks");
  });

  it("did-you-mean picks the closest word of the names found, and nothing when nothing is close", () => {
    expect(correctedSearch("aple", ["Apple 1 kg", "Pineapple Slices"])).toBe("apple");
    expect(correctedSearch("bred", ["Brown Bread 400g"])).toBe("bread");
    expect(correctedSearch("apple", ["Apple 1 kg"])).toBeNull();
    expect(correctedSearch("zzzz", ["Apple 1 kg"])).toBeNull();
  });
});

describe("sort and filter", () => {
  async function priced() {
    // MRP → price: discounts 10%, 50%, 0%, 25%.
    await insertProduct({ name: "Rice A", category: "Grains", pricePaise: 10000, offerPricePaise: 9000 });
    await insertProduct({ name: "Rice B", category: "Grains", pricePaise: 20000, offerPricePaise: 10000 });
    await insertProduct({ name: "Rice C", category: "Grains", pricePaise: 3000, offerPricePaise: 3000 });
    await insertProduct({ name: "Milk D", category: "Dairy", pricePaise: 8000, offerPricePaise: 6000 });
  }

  it("sorts the whole listing and a search by price both ways and by discount", async () => {
    await priced();
    expect(await names("", { sort: "price-asc" })).toEqual(["Rice C", "Milk D", "Rice A", "Rice B"]);
    expect(await names("", { sort: "price-desc" })).toEqual(["Rice B", "Rice A", "Milk D", "Rice C"]);
    expect(await names("", { sort: "discount" })).toEqual(["Rice B", "Milk D", "Rice A", "Rice C"]);
    expect(await names("rice", { sort: "price-asc" })).toEqual(["Rice C", "Rice A", "Rice B"]);
    expect(await names("rice", { sort: "discount" })).toEqual(["Rice B", "Rice A", "Rice C"]);
  });

  it("filters by category, with or without a search and a sort", async () => {
    await priced();
    expect(await names("", { category: "Dairy" })).toEqual(["Milk D"]);
    expect(await names("", { category: "Grains", sort: "price-desc" })).toEqual(["Rice B", "Rice A", "Rice C"]);
    expect(await names("rice", { category: "Dairy" })).toEqual([]);
    expect(await names("i", { category: "Dairy", sort: "price-asc" })).toEqual(["Milk D"]);
  });

  it("pages the relevance order across its tiers: each page carries on where the last one stopped, whatever the page size", async () => {
    // Interleaved, so each tier's products are spread over the rowids: tier 0 (the name starts with
    // "apple"), 1 (a word does), 2 (inside a word), 3 (the aisle the seller's word "apple" names),
    // and some sold out, which no page lists.
    await saveSearchSynonym(store().db, { term: "apple", meaning: "Fruits" });
    for (let i = 0; i < 4; i++) {
      await insertProduct({ name: `Apple Juice ${i}`, category: "Drinks" });
      await insertProduct({ name: `Green Apple ${i}`, category: "Fruits" });
      await insertProduct({ name: `Pineapple ${i}`, category: "Fruits" });
      await insertProduct({ name: `Kiwi ${i}`, category: "Fruits", inStock: i !== 2 });
      await insertProduct({ name: `Apple Cider ${i}`, category: "Drinks", inStock: i !== 1 });
    }
    const all = await names("apple", { limit: 100 });
    expect(all).toEqual([
      ...["Apple Juice 0", "Apple Cider 0", "Apple Juice 1", "Apple Juice 2", "Apple Cider 2", "Apple Juice 3", "Apple Cider 3"],
      ...["Green Apple 0", "Green Apple 1", "Green Apple 2", "Green Apple 3"],
      ...["Pineapple 0", "Pineapple 1", "Pineapple 2", "Pineapple 3"],
      ...["Kiwi 0", "Kiwi 1", "Kiwi 3"],
    ]);
    for (const limit of [1, 2, 3, 5, 7]) {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await browseProducts(db(), { search: "apple", sort: "relevance", cursor, limit });
        expect(page.products.length, `limit ${limit}`).toBeLessThanOrEqual(limit);
        seen.push(...page.products.map((p) => p.name));
        cursor = page.nextCursor ?? undefined;
      } while (cursor && seen.length <= all.length);
      expect(seen, `limit ${limit}`).toEqual(all);
    }
    // Filtered to an aisle, the tiers keep their order.
    expect(await names("apple", { category: "Fruits", limit: 100 })).toEqual(all.filter((name) => !/Juice|Cider/.test(name)));
  });

  it("pages close spellings by how close they are, then in creation order", async () => {
    for (let i = 0; i < 3; i++) {
      await insertProduct({ name: `Banana Chips ${i}` });
      await insertProduct({ name: `Bananas ${i}` });
    }
    const all = await names("bananna", { limit: 100 });
    // "Banana Chips" holds 5 of the 7 padded trigrams of "bananna", "Bananas" 4.
    expect(all).toEqual(["Banana Chips 0", "Banana Chips 1", "Banana Chips 2", "Bananas 0", "Bananas 1", "Bananas 2"]);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await browseProducts(db(), { search: "bananna", sort: "relevance", cursor, limit: 4 });
      expect(page.match).toBe("close");
      seen.push(...page.products.map((p) => p.name));
      cursor = page.nextCursor ?? undefined;
    } while (cursor && seen.length <= all.length);
    expect(seen).toEqual(all);
  });

  it("pages every sort with its cursor, never repeating or skipping; another sort's cursor, or a malformed one, is refused", async () => {
    for (let i = 0; i < 7; i++) await insertProduct({ name: `Basmati Rice ${i}`, pricePaise: 10000, offerPricePaise: 9000 - (i % 3) * 1000 });
    await insertProduct({ name: "Rice Flakes", inStock: false });
    for (const sort of ["relevance", "price-asc", "price-desc", "discount"] as const) {
      for (const search of ["", "rice"]) {
        const seen: string[] = [];
        let cursor: string | undefined;
        let pages = 0;
        do {
          const page = await browseProducts(db(), { search, sort, cursor, limit: 3 });
          seen.push(...page.products.map((p) => p.name));
          cursor = page.nextCursor ?? undefined;
          pages++;
        } while (cursor && pages < 10);
        expect(seen, `${sort} ${search}`).toHaveLength(7);
        expect(new Set(seen).size, `${sort} ${search}`).toBe(7);
      }
    }
    const byPrice = await browseProducts(db(), { search: "", sort: "price-asc", limit: 3 });
    await expect(browseProducts(db(), { search: "", sort: "discount", cursor: byPrice.nextCursor!, limit: 3 })).rejects.toMatchObject({
      status: 400,
      message: "This cursor is not one the list gave out: start again without it",
    });
    for (const garbage of ["p", "pX.1", "p1.", "r1.2.3", "s5"]) {
      await expect(browseProducts(db(), { search: "rice", sort: "price-asc", cursor: garbage, limit: 3 }), garbage).rejects.toMatchObject({
        status: 400,
        message: "This cursor is not one the list gave out: start again without it",
      });
    }
  });
});

describe("query plans", () => {
  /** A D1 binding that keeps the SQL and values drizzle sends, for EXPLAIN QUERY PLAN. */
  function recordingDb() {
    const statements: { sql: string; values: unknown[] }[] = [];
    const binding = {
      prepare: (sql: string) => {
        const real = env.DB.prepare(sql);
        return {
          bind: (...values: unknown[]) => {
            statements.push({ sql, values });
            return real.bind(...values);
          },
        };
      },
      batch: (list: D1PreparedStatement[]) => env.DB.batch(list),
    } as unknown as D1Database;
    return { db: getDb({ DB: binding }), statements };
  }

  async function plan(sql: string, values: unknown[]): Promise<string> {
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...values)
      .all<{ detail: string }>();
    return results.map((r) => r.detail).join(" | ");
  }

  it("a sorted listing walks a price or discount index: no scan of products, no sorting", async () => {
    await insertProduct({ name: "Rice A", category: "Grains" });
    await insertProduct({ name: "Rice B", category: "Grains" });
    const { db: recording, statements } = recordingDb();
    for (const sort of ["price-asc", "price-desc", "discount"] as const) {
      for (const category of [undefined, "Grains"]) {
        const first = await browseProducts(recording, { search: "", sort, category, limit: 1 });
        await browseProducts(recording, { search: "", sort, category, limit: 1, cursor: first.nextCursor! });
      }
    }
    expect(statements.length).toBeGreaterThanOrEqual(6);
    for (const { sql, values } of statements) {
      const details = await plan(sql, values);
      expect(details, sql).toMatch(/USING (COVERING )?INDEX products_(category_)?(price|discount)_idx/);
      expect(details, sql).not.toMatch(/TEMP B-TREE/);
    }
  });

  it("a page of a common word, a synonym or a named aisle reads a page of rows, however many products match", async () => {
    // Each search's matches, first found by a word start (rice), a synonym's meaning (aloo → potato)
    // and the aisle the text names (fruits): tier by tier, a page stops reading once it is full.
    const searches = [
      { search: "rice", product: (i: number) => ({ name: `Basmati Rice ${i}`, category: "Grains" }) },
      { search: "aloo", product: (i: number) => ({ name: `Potato ${i}`, category: "Vegetables" }) },
      { search: "fruits", product: (i: number) => ({ name: `Apple ${i}`, category: "Fruits" }) },
    ];
    const add = async (count: number) => {
      for (const { product } of searches) for (let i = 0; i < count; i++) await insertProduct({ ...product(i), inStock: i % 10 !== 9 });
    };
    /** Rows SQLite reads for the first two pages of each search (D1's meta.rows_read), and the pages' names. */
    const measure = async () => {
      const read = new Map<string, { rows: number; names: string[] }>();
      for (const { search } of searches) {
        let cursor: string | undefined;
        for (const page of [1, 2]) {
          const { db: recording, statements } = recordingDb();
          const result = await browseProducts(recording, { search, sort: "relevance", cursor });
          let rows = 0;
          for (const { sql, values } of statements)
            rows += (
              await env.DB.prepare(sql)
                .bind(...values)
                .all()
            ).meta.rows_read;
          read.set(`${search} page ${page}`, { rows, names: result.products.map((p) => p.name) });
          cursor = result.nextCursor!;
        }
      }
      return read;
    };
    await add(45);
    const before = await measure();
    await add(150);
    const after = await measure();
    for (const [page, was] of before) {
      const now = after.get(page)!;
      expect(now.names, page).toEqual(was.names);
      expect(now.names, page).toHaveLength(20);
      expect(now.rows - was.rows, `${page}: ${was.rows} rows read with 45 matches, ${now.rows} with 195`).toBeLessThanOrEqual(2);
    }
  });

  it("a search goes through the trigram index and the synonym table's key, never a scan of products", async () => {
    await insertProduct({ name: "Rice A" });
    const { db: recording, statements } = recordingDb();
    for (const search of ["rice", "aple", "aloo", "fruits", "tea"]) {
      for (const category of [undefined, "Grains"]) await browseProducts(recording, { search, sort: "relevance", category });
    }
    await browseProducts(recording, { search: "rice", sort: "price-desc" });
    for (const { sql, values } of statements) {
      const details = await plan(sql, values);
      expect(details, sql).toMatch(/VIRTUAL TABLE INDEX/);
      expect(details, sql).not.toMatch(/SCAN products(?![_\w])(?! USING)/);
      expect(details, sql).not.toMatch(/SCAN search_synonyms(?! USING)/);
    }
  });
});
