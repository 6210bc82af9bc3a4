/**
 * Seeds the local D1 and R2 with the demo catalogue (idempotent: run it as often as you like; a demo
 * product the seller deleted stays deleted, scripts/seed-products.ts).
 *
 *   node scripts/seed.ts [--state .wrangler/state] [--config wrangler.toml] [--remote]
 *
 * It talks to the same local storage as `wrangler dev --persist-to <state>` through wrangler's
 * getPlatformProxy, so nothing needs a Cloudflare account or the internet. `--remote` (with a
 * `--config` whose bindings are marked remote) seeds real resources instead: scripts/preview.ts
 * seeds a branch Preview's own database and bucket that way, never production's.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { getPlatformProxy } from "wrangler";
import { openLocalStorage } from "./local-storage.ts";
import { CATEGORIES } from "../shared/categories.ts";
import { SITE_IMAGES } from "../app/lib/site-images.ts";
import { CATEGORY_EMOJI, SEED_PRODUCTS, SITE_EMOJI } from "./seed-data.ts";
import { productImageKey, seedDemoProducts } from "./seed-products.ts";

const { values } = parseArgs({
  options: {
    state: { type: "string", default: ".wrangler/state" },
    config: { type: "string", default: "wrangler.toml" },
    remote: { type: "boolean", default: false },
  },
});

// Production's bindings are never remote here: --remote is for a configuration naming other resources.
if (values.remote && values.config === "wrangler.toml") throw new Error("--remote needs --config naming the resources to seed (scripts/preview.ts writes one)");

const require = createRequire(import.meta.url);
const emojiDir = join(dirname(require.resolve("@lobehub/fluent-emoji-3d/package.json")), "assets");

type SeedEnv = { DB: D1Database; IMAGES: R2Bucket };
// Remote (a preview's resources) through wrangler's proxy; local straight from the state's files.
const { env, dispose } = values.remote
  ? await getPlatformProxy<SeedEnv>({ configPath: values.config, persist: false, remoteBindings: true })
  : await openLocalStorage(values.state!, values.config);

try {
  const images = new Map<string, string>(); // R2 key → emoji code point
  for (const p of SEED_PRODUCTS) images.set(productImageKey(p.emoji), p.emoji);
  for (const c of CATEGORIES) images.set(c.image, CATEGORY_EMOJI[c.path]!);
  for (const [name, key] of Object.entries(SITE_IMAGES)) images.set(key, SITE_EMOJI[name]!);

  let uploaded = 0;
  for (const [key, emoji] of images) {
    if (await env.IMAGES.head(key)) continue;
    const bytes = await readFile(join(emojiDir, `${emoji}.webp`));
    await env.IMAGES.put(key, bytes, { httpMetadata: { contentType: "image/webp" } });
    uploaded++;
  }

  const added = await seedDemoProducts(env.DB, SEED_PRODUCTS);
  const news = (n: number) => (n === 0 ? "all there already" : `${n} added now`);
  const products = added === 0 ? "seeded before" : `${added} added now`;
  console.log(`Demo catalogue: ${SEED_PRODUCTS.length} products (${products}), ${images.size} pictures (${news(uploaded)}).`);
} finally {
  await dispose();
}
