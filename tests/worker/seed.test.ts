/**
 * `npm start` seeds the demo catalogue at every start (scripts/seed.ts). It must leave the
 * seller's catalogue as the seller left it: a deleted demo product stays deleted, an edited one
 * keeps its edits, while a demo product the catalogue gained since still arrives.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "@worker/db/client";
import { deleteProduct } from "@worker/services/product-admin";
import { SEED_PRODUCTS } from "../../scripts/seed-data";
import { seedDemoProducts } from "../../scripts/seed-products";

const productIds = async () => (await env.DB.prepare("SELECT id FROM products ORDER BY created_at").all<{ id: string }>()).results.map((r) => r.id);

describe("seeding the demo catalogue", () => {
  it("puts every demo product into an empty database once, in the catalogue's order", async () => {
    expect(await seedDemoProducts(env.DB, SEED_PRODUCTS)).toBe(35);
    expect(await productIds()).toEqual(SEED_PRODUCTS.map((p) => p.id));
    expect(await seedDemoProducts(env.DB, SEED_PRODUCTS)).toBe(0);
    expect(await productIds()).toHaveLength(35);
  });

  it("a demo product the seller deleted stays deleted, an edited one keeps its edits; a new demo product still arrives", async () => {
    const [first, second, ...rest] = SEED_PRODUCTS;
    await seedDemoProducts(env.DB, [first!, second!]);
    await deleteProduct(getDb(env), first!.id);
    await env.DB.prepare("UPDATE products SET offer_price_paise = 999 WHERE id = ?").bind(second!.id).run();

    // The next start, with a catalogue that has grown since.
    expect(await seedDemoProducts(env.DB, SEED_PRODUCTS)).toBe(rest.length);
    const ids = await productIds();
    expect(ids).not.toContain(first!.id);
    expect(ids).toHaveLength(34);
    expect(await env.DB.prepare("SELECT offer_price_paise AS paise FROM products WHERE id = ?").bind(second!.id).first("paise")).toBe(999);
  });

  it("a database seeded before the seed kept count (migration 0019): its demo products count as seeded", async () => {
    await seedDemoProducts(env.DB, SEED_PRODUCTS);
    await env.DB.prepare("DELETE FROM demo_seeded").run(); // as it was before the migration
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0019_"))!;
    for (const query of migration.queries) if (/^\s*(--[^\n]*\n\s*)*INSERT/i.test(query)) await env.DB.prepare(query).run();

    await deleteProduct(getDb(env), SEED_PRODUCTS[0]!.id);
    expect(await seedDemoProducts(env.DB, SEED_PRODUCTS)).toBe(0);
    expect(await productIds()).toHaveLength(34);
  });
});
