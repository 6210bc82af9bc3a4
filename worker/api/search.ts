import { Hono } from "hono";
import { parseInput } from "@worker/errors";
import { suggestProducts } from "@worker/services/search";
import { listSearchSynonyms, removeSearchSynonym, savedSynonymMessage, saveSearchSynonym } from "@worker/services/search-synonyms";
import type { SearchSynonym } from "@worker/db/schema";
import { suggestQuery } from "@worker/validation/search";
import { toApiProduct } from "@worker/services/catalog";
import { requireSeller, type ApiEnv } from "./auth";
import { readJson } from "./body";

/** The typeahead: the search page's first products, then the sold-out ones it names (`inStock: false`). */
export const suggestRoutes = new Hono<ApiEnv>().get("/", async (c) => {
  const { q } = parseInput(suggestQuery, c.req.query());
  const { products, didYouMean } = await suggestProducts(c.var.db, q);
  const suggestions = products.map((p) => {
    const { _id, name, category, price, offerPrice, image, inStock } = toApiProduct(p, c.env.APP_URL);
    return { _id, name, category, price, offerPrice, image: image[0] ?? null, inStock };
  });
  return c.json({ success: true, msg: "", query: q, didYouMean, suggestions });
});

const toApiWord = ({ term, meaning, category }: SearchSynonym) => ({ term, meaning, category });

export const searchWordRoutes = new Hono<ApiEnv>()
  .use(requireSeller)
  .get("/", async (c) => {
    const page = await listSearchSynonyms(c.var.db, c.req.query("after") || undefined);
    return c.json({ success: true, msg: "", words: page.words.map(toApiWord), nextAfter: page.nextAfter, total: page.total });
  })
  .post("/", async (c) => {
    const saved = await saveSearchSynonym(c.var.db, await readJson(c));
    const { word, created, replaced, findsProducts } = saved;
    return c.json({ success: true, msg: savedSynonymMessage(saved), word: toApiWord(word), replaced, findsProducts }, created ? 201 : 200);
  })
  .post("/delete", async (c) => {
    const word = await removeSearchSynonym(c.var.db, await readJson(c));
    return c.json({ success: true, msg: "Search word removed", word: toApiWord(word) });
  });
