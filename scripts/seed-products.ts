/**
 * Puts the demo products into a database (scripts/seed.ts). Each demo product goes in once in the
 * database's life: `demo_seeded` remembers the ones seeded, so a product the seller deleted or
 * edited stays as the seller left it at the next `npm start`, and a demo product added to the
 * catalogue later still arrives. No Node imports: the runtime tests run this in workerd.
 */
import type { SeedProduct } from "./seed-data.ts";

/** Fixed creation times keep the demo catalogue in its listed order. */
const SEED_EPOCH = Date.UTC(2026, 0, 1);

export function productImageKey(emoji: string): string {
  return `seed/${emoji}.webp`;
}

/** Seeds the demo products this database has never had; returns how many it added. */
export async function seedDemoProducts(db: D1Database, products: SeedProduct[], now = Date.now()): Promise<number> {
  const insert = db.prepare(
    `INSERT OR IGNORE INTO products
       (id, name, category, description, price_paise, offer_price_paise, images, in_stock, stock, weight, created_at, updated_at,
        country_of_origin, manufacturer, shelf_life, gst_rate, hsn)
     SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, 1, NULL, ?8, ?9, ?9, ?10, ?11, ?12, ?13, ?14
     WHERE NOT EXISTS (SELECT 1 FROM demo_seeded WHERE product_id = ?1)`,
  );
  const remember = db.prepare("INSERT OR IGNORE INTO demo_seeded (product_id, seeded_at) VALUES (?, ?)");
  // A demo product seeded before the declarations existed gets them, unless the seller wrote any.
  const declare = db.prepare(
    "UPDATE products SET country_of_origin = ?2, manufacturer = ?3, shelf_life = ?4 WHERE id = ?1 AND country_of_origin IS NULL AND manufacturer IS NULL AND shelf_life IS NULL",
  );
  // And its GST rate and HSN code (ADR 073), unless the seller gave it an HSN code.
  const tax = db.prepare("UPDATE products SET gst_rate = ?2, hsn = ?3 WHERE id = ?1 AND hsn IS NULL");
  // Counted, not summed from the batch's changes: those include the search index's trigger rows.
  const count = db.prepare("SELECT COUNT(*) AS n FROM products WHERE id LIKE 'seed-%'");
  const before = (await count.first<{ n: number }>())!.n;
  await db.batch(
    products.flatMap((p, i) => {
      const at = SEED_EPOCH + i * 1000;
      const description = JSON.stringify(p.description);
      const images = JSON.stringify([productImageKey(p.emoji)]);
      const declared = [p.countryOfOrigin, p.manufacturer, p.shelfLife];
      return [
        insert.bind(p.id, p.name, p.category, description, p.mrp * 100, p.price * 100, images, p.weight, at, ...declared, p.gstRate, p.hsn),
        remember.bind(p.id, now),
        declare.bind(p.id, ...declared),
        tax.bind(p.id, p.gstRate, p.hsn),
      ];
    }),
  );
  return (await count.first<{ n: number }>())!.n - before;
}
