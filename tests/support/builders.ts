import { env } from "cloudflare:workers";
import { getDb } from "@worker/db/client";
import { products, type NewProduct, type Product } from "@worker/db/schema";

export const db = () => getDb(env);

let sequence = 0;

/** A product row with sensible defaults; later calls get later creation times. */
export async function insertProduct(overrides: Partial<NewProduct> = {}): Promise<Product> {
  sequence++;
  const at = Date.UTC(2026, 0, 1) + sequence * 1000;
  const row: NewProduct = {
    id: crypto.randomUUID(),
    name: `Test product ${sequence}`,
    category: "Vegetables",
    description: ["Fresh", "Tasty"],
    pricePaise: 5000,
    offerPricePaise: 4500,
    images: [`seed/test-${sequence}.webp`],
    inStock: true,
    weight: "500 g",
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
  const [inserted] = await db().insert(products).values(row).returning();
  return inserted!;
}
