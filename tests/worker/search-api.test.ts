// The typeahead's endpoint (GET /api/product/suggest) and the seller's search words
// (/api/seller/search-words), through the Worker's real routing, edge cache included.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_SEARCH_SYNONYMS } from "@worker/services/search-synonyms";
import { insertProduct } from "../support/builders";
import { call, json, postJson } from "../support/http";
import { sellerLogin } from "../support/seller";
import { signUp } from "../support/shoppers";

type Suggestions = {
  success: boolean;
  query: string;
  didYouMean: string | null;
  suggestions: { _id: string; name: string; category: string; offerPrice: number; price: number; image: string | null; inStock: boolean }[];
};
type Words = { words: { term: string; meaning: string; category: string | null }[]; nextAfter: string | null; total: number };

const settle = () => new Promise((r) => setTimeout(r, 50)); // the cache write happens after the response

// The store's own words (created_at 0) stay; what a test adds goes.
afterEach(async () => {
  await env.DB.prepare("DELETE FROM search_synonyms WHERE created_at > 0").run();
});

describe("GET /api/product/suggest", () => {
  it("suggests products for a typo and a synonym, with prices in rupees and absolute image URLs", async () => {
    const apple = await insertProduct({ name: "Apple 1 kg", category: "Fruits", pricePaise: 12000, offerPricePaise: 11000, images: ["seed/1f34e.webp"] });
    await insertProduct({ name: "Potato 500g", category: "Vegetables" });
    const typo = await json<Suggestions>(await call("/api/product/suggest?q=aple"));
    expect(typo).toMatchObject({ success: true, query: "aple", didYouMean: "apple" });
    expect(typo.suggestions).toEqual([
      {
        _id: apple.id,
        name: "Apple 1 kg",
        category: "Fruits",
        price: 120,
        offerPrice: 110,
        image: "http://localhost:8787/images/seed/1f34e.webp",
        inStock: true,
      },
    ]);
    const synonym = await json<Suggestions>(await call("/api/product/suggest?q=%20ALOO%20"));
    expect(synonym.query).toBe("ALOO");
    expect(synonym.suggestions.map((s) => s.name)).toEqual(["Potato 500g"]);
  });

  it("names sold-out matches after those in stock (inStock: false), so the shopper learns the store has them", async () => {
    await insertProduct({ name: "Potato 500g", category: "Vegetables", inStock: false });
    const soldOut = await json<Suggestions>(await call("/api/product/suggest?q=aloo"));
    expect(soldOut.suggestions.map(({ name, inStock }) => ({ name, inStock }))).toEqual([{ name: "Potato 500g", inStock: false }]);
    // One in stock matches too: it comes first.
    await insertProduct({ name: "Potato Chips 50g", category: "Instant" });
    const inStock = await json<Suggestions>(await call("/api/product/suggest?q=potato"));
    expect(inStock.suggestions.map(({ name, inStock }) => ({ name, inStock }))).toEqual([
      { name: "Potato Chips 50g", inStock: true },
      { name: "Potato 500g", inStock: false },
    ]);
  });

  it("gives at most six suggestions, and an empty list when nothing is close", async () => {
    for (let i = 0; i < 9; i++) await insertProduct({ name: `Basmati Rice ${i}` });
    expect((await json<Suggestions>(await call("/api/product/suggest?q=rice"))).suggestions).toHaveLength(6);
    expect((await json<Suggestions>(await call("/api/product/suggest?q=ri"))).suggestions).toHaveLength(6);
    expect(await json<Suggestions>(await call("/api/product/suggest?q=zqxj"))).toMatchObject({ success: true, suggestions: [], didYouMean: null });
  });

  it("refuses a missing, empty or over-long text with a 400 that says why", async () => {
    for (const [path, msg] of [
      ["/api/product/suggest", "Type something to search for"],
      ["/api/product/suggest?q=", "Type something to search for"],
      ["/api/product/suggest?q=%00%09%20", "Type something to search for"],
      [`/api/product/suggest?q=${"a".repeat(101)}`, "Search for at most 100 characters"],
    ] as const) {
      const response = await call(path);
      expect(response.status, path).toBe(400);
      expect((await json(response)).msg, path).toBe(msg);
    }
    // 100 characters is allowed; control characters are spaces, never a 500.
    expect((await call(`/api/product/suggest?q=${"a".repeat(100)}`)).status).toBe(200);
    expect((await call("/api/product/suggest?q=ri%00ce")).status).toBe(200);
    expect((await call("/api/product/suggest?q=%22%27%2A%28NEAR")).status).toBe(200);
  });

  it("is served from the edge cache to shoppers, signed in or not, and live to the seller; a new search word refreshes it", async () => {
    await insertProduct({ name: "Banana 1 kg", category: "Fruits" });
    const first = await call("/api/product/suggest?q=kela");
    expect(first.headers.get("x-edge-cache")).toBe("MISS");
    expect(first.headers.get("cache-control")).toBe("no-cache");
    expect((await json<Suggestions>(first)).suggestions.map((s) => s.name)).toEqual(["Banana 1 kg"]);
    await settle();
    expect((await call("/api/product/suggest?q=kela")).headers.get("x-edge-cache")).toBe("HIT");
    const shopper = await signUp();
    const signedIn = await call("/api/product/suggest?q=kela", { headers: { Cookie: shopper.cookie } });
    expect(signedIn.headers.get("x-edge-cache")).toBe("HIT");
    expect(signedIn.headers.get("set-cookie")).toBeNull();

    const seller = await sellerLogin();
    expect((await call("/api/product/suggest?q=kela", { headers: { Cookie: seller } })).headers.get("x-edge-cache")).toBeNull();
    const unknown = await call("/api/product/suggest?q=vazhai");
    expect((await json<Suggestions>(unknown)).suggestions).toEqual([]);
    await settle();
    expect((await call("/api/product/suggest?q=vazhai")).headers.get("x-edge-cache")).toBe("HIT");
    expect((await postJson("/api/seller/search-words", { term: "vazhai", meaning: "banana" }, { Cookie: seller })).status).toBe(201);
    const after = await call("/api/product/suggest?q=vazhai");
    expect(after.headers.get("x-edge-cache")).toBe("MISS");
    expect((await json<Suggestions>(after)).suggestions.map((s) => s.name)).toEqual(["Banana 1 kg"]);
  });
});

describe("the seller's search words", () => {
  it("lists the seller's newest words first, then the store's own alphabetically, paged", async () => {
    const seller = await sellerLogin();
    const list = async (after?: string) =>
      json<Words>(await call(`/api/seller/search-words${after ? `?after=${encodeURIComponent(after)}` : ""}`, { headers: { Cookie: seller } }));
    const first = await list();
    expect(first.total).toBeGreaterThan(50);
    expect(first.words).toHaveLength(20);
    expect(first.words).toContainEqual({ term: "aloo", meaning: "potato", category: null });
    const all = [...first.words];
    for (let after = first.nextAfter; after;) {
      const next = await list(after);
      all.push(...next.words);
      after = next.nextAfter;
    }
    expect(all.map((w) => w.term)).toEqual([...all.map((w) => w.term)].sort());
    expect(new Set(all.map((w) => w.term)).size).toBe(first.total);
    expect(all).toContainEqual({ term: "chips", meaning: "instant", category: "Instant" });

    expect((await postJson("/api/seller/search-words", { term: "zucchini", meaning: "courgette" }, { Cookie: seller })).status).toBe(201);
    expect((await postJson("/api/seller/search-words", { term: "ananas", meaning: "pineapple" }, { Cookie: seller })).status).toBe(201);
    expect((await list()).words.slice(0, 3).map((w) => w.term)).toEqual(["ananas", "zucchini", "7up"]);
    // A malformed cursor is refused, not answered with the first page again.
    const refused = await call("/api/seller/search-words?after=garbage", { headers: { Cookie: seller } });
    expect([refused.status, ((await refused.json()) as { msg: string }).msg]).toEqual([
      400,
      "This cursor is not one the list gave out: start again without it",
    ]);
  });

  it("adds a word (201), gives it a new meaning (200), and removes it; the shop's search follows at once", async () => {
    await insertProduct({ name: "Banana 1 kg", category: "Fruits" });
    await insertProduct({ name: "Maggi Noodles 280g", category: "Instant" });
    const seller = await sellerLogin();
    const names = async (q: string) =>
      (await json<Suggestions>(await call(`/api/product/suggest?q=${q}`, { headers: { Cookie: seller } }))).suggestions.map((s) => s.name);
    expect(await names("vazhaipazham")).toEqual([]);

    const added = await postJson("/api/seller/search-words", { term: "  Vazhaipazham ", meaning: "BANANA" }, { Cookie: seller });
    expect(added.status).toBe(201);
    expect(await json(added)).toMatchObject({
      success: true,
      msg: "Added: “vazhaipazham” finds “banana”",
      word: { term: "vazhaipazham", meaning: "banana", category: null },
      replaced: null,
      findsProducts: true,
    });
    expect(await names("vazhaipazham")).toEqual(["Banana 1 kg"]);

    const changed = await postJson("/api/seller/search-words", { term: "vazhaipazham", meaning: "Instant Food" }, { Cookie: seller });
    expect(changed.status).toBe(200);
    expect(await json(changed)).toMatchObject({
      msg: "Updated: “vazhaipazham” finds the Instant aisle (it found “banana” before)",
      word: { category: "Instant" },
      replaced: "banana",
    });
    expect(await names("vazhaipazham")).toEqual(["Maggi Noodles 280g"]);

    // A meaning no product has (a typo): saved, and the seller is told shoppers will find nothing.
    const typo = await json(await postJson("/api/seller/search-words", { term: "vazhaipazham", meaning: "bananna" }, { Cookie: seller }));
    expect(typo).toMatchObject({
      msg: "Updated: “vazhaipazham” finds “bananna” (it found “instant food” before). No product matches “bananna” yet, so shoppers who type “vazhaipazham” find nothing",
      findsProducts: false,
    });

    const removed = await postJson("/api/seller/search-words/delete", { term: "Vazhaipazham" }, { Cookie: seller });
    expect(removed.status).toBe(200);
    expect(await names("vazhaipazham")).toEqual([]);
    const again = await postJson("/api/seller/search-words/delete", { term: "vazhaipazham" }, { Cookie: seller });
    expect(again.status).toBe(404);
    expect((await json(again)).msg).toBe("There is no search word “vazhaipazham”");
  });

  it("refuses bad words with a 400 that says why, and changes nothing", async () => {
    const seller = await sellerLogin();
    const before = (await json<Words>(await call("/api/seller/search-words", { headers: { Cookie: seller } }))).total;
    for (const [body, msg] of [
      [{}, "Enter the word shoppers type"],
      [{ term: "", meaning: "potato" }, "Enter the word shoppers type"],
      [{ term: "k", meaning: "potato" }, "The word shoppers type needs at least 2 characters"],
      [{ term: "kela", meaning: "ba" }, "The meaning needs at least 3 characters"],
      [{ term: "x".repeat(41), meaning: "potato" }, "Keep the word shoppers type under 41 characters"],
      [{ term: "kela", meaning: "y".repeat(61) }, "Keep the meaning under 61 characters"],
      [{ term: "<script>", meaning: "potato" }, "The word shoppers type can only have letters, digits, spaces, hyphens and apostrophes"],
      [{ term: "123", meaning: "potato" }, "The word shoppers type needs a letter"],
      [{ term: "Banana", meaning: "banana" }, "A word cannot mean itself"],
      [{ term: 5, meaning: "potato" }, "Enter the word shoppers type"],
      [{ term: "kela", meaning: "banana", category: "Fruits" }, "Unexpected field: category"],
    ] as const) {
      const response = await postJson("/api/seller/search-words", body, { Cookie: seller });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await json(response)).msg, JSON.stringify(body)).toBe(msg);
    }
    expect((await postJson("/api/seller/search-words", "{not json", { Cookie: seller })).status).toBe(400);
    const wrongType = await call("/api/seller/search-words", {
      method: "POST",
      body: "term=kela",
      headers: { Cookie: seller, Origin: "http://localhost:8787", "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(wrongType.status).toBe(415);
    expect((await postJson("/api/seller/search-words/delete", { term: "" }, { Cookie: seller })).status).toBe(400);
    expect((await json<Words>(await call("/api/seller/search-words", { headers: { Cookie: seller } }))).total).toBe(before);
  });

  it("keeps at most 1,000 words: one more is a 409, a new meaning for a known word is still fine", async () => {
    const seller = await sellerLogin();
    const { total } = await json<Words>(await call("/api/seller/search-words", { headers: { Cookie: seller } }));
    const missing = MAX_SEARCH_SYNONYMS - total;
    const statements = Array.from({ length: missing }, (_, i) =>
      env.DB.prepare("INSERT INTO search_synonyms (term, meaning, created_at) VALUES (?, 'potato', 1)").bind(`filler ${i}`),
    );
    await env.DB.batch(statements);
    const full = await postJson("/api/seller/search-words", { term: "kizhangu", meaning: "potato" }, { Cookie: seller });
    expect(full.status).toBe(409);
    expect((await json(full)).msg).toBe("The store keeps at most 1000 search words: remove one first");
    expect((await postJson("/api/seller/search-words", { term: "filler 1", meaning: "onion" }, { Cookie: seller })).status).toBe(200);
  });

  it("with room for 3 words, 10 new ones saved at once add 3: the cap is in the statement that writes", async () => {
    const seller = await sellerLogin();
    const { total } = await json<Words>(await call("/api/seller/search-words", { headers: { Cookie: seller } }));
    await env.DB.batch(
      Array.from({ length: MAX_SEARCH_SYNONYMS - total - 3 }, (_, i) =>
        env.DB.prepare("INSERT INTO search_synonyms (term, meaning, created_at) VALUES (?, 'potato', 1)").bind(`filler ${i}`),
      ),
    );
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => postJson("/api/seller/search-words", { term: `racer ${i}`, meaning: "potato" }, { Cookie: seller })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 409, 409, 409, 409, 409, 409, 409]);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM search_synonyms").first<number>("n")).toBe(MAX_SEARCH_SYNONYMS);
  });

  it("is the seller's alone: 401 for a guest and a shopper, 403 for a cross-site write", async () => {
    const shopper = await signUp();
    for (const cookie of [undefined, shopper.cookie]) {
      const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
      expect((await call("/api/seller/search-words", { headers })).status).toBe(401);
      expect((await postJson("/api/seller/search-words", { term: "kela", meaning: "banana" }, headers)).status).toBe(401);
      expect((await postJson("/api/seller/search-words/delete", { term: "aloo" }, headers)).status).toBe(401);
    }
    const seller = await sellerLogin();
    const crossSite = await postJson("/api/seller/search-words/delete", { term: "aloo" }, { Cookie: seller, Origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    const words = await json<Words>(await call("/api/seller/search-words", { headers: { Cookie: seller } }));
    expect(words.words.map((w) => w.term)).toContain("aloo");
  });
});
