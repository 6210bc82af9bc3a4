/**
 * The Worker that scripts/measure-d1-orders.ts runs in local workerd: the store's own placeOrder
 * service (worker/services/orders.ts) against the local D1, without HTTP routing, sessions or rate
 * limits in the way. POST /setup makes one shopper, an address and three products with counted
 * stock; POST /place?count=N&concurrency=C places N cash-on-delivery orders of two lines each,
 * C at a time, and answers how many it placed. GET /size answers the database's size in bytes
 * (D1's own `size_after`); POST /products?count=N adds N products shaped like the demo catalogue's
 * (name, three description lines, two image keys, a weight; the search index follows by trigger).
 */
import { getDb } from "../worker/db/client";
import { addresses, products, users } from "../worker/db/schema";
import { placeOrder } from "../worker/services/orders";

const USER_ID = "measure-shopper";
const ADDRESS_ID = "measure-address";
const PRODUCT_IDS = ["measure-rice", "measure-dal", "measure-tea"];

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    const db = getDb(env);
    if (url.pathname === "/setup") {
      const now = Date.now();
      await db.insert(users).values({ id: USER_ID, name: "Measure", email: "measure@example.test", passwordHash: "-", createdAt: now }).onConflictDoNothing();
      await db
        .insert(addresses)
        .values({
          id: ADDRESS_ID,
          userId: USER_ID,
          firstName: "M",
          lastName: "S",
          email: "measure@example.test",
          street: "1 Road",
          city: "Bengaluru",
          state: "Karnataka",
          zipCode: "560001",
          country: "India",
          phone: "+91 99999 99999",
          createdAt: now,
        })
        .onConflictDoNothing();
      for (const id of PRODUCT_IDS) {
        await db
          .insert(products)
          .values({
            id,
            name: id,
            category: "Grains",
            description: ["x"],
            pricePaise: 10000,
            offerPricePaise: 9000,
            images: [],
            inStock: true,
            stock: 1_000_000_000,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing();
      }
      return new Response("ready");
    }
    if (url.pathname === "/place") {
      const count = Number(url.searchParams.get("count") ?? 100);
      const concurrency = Number(url.searchParams.get("concurrency") ?? 1);
      let next = 0;
      let placed = 0;
      const lane = async () => {
        while (next < count) {
          const i = next++;
          const items = [
            { product: PRODUCT_IDS[i % 3]!, quantity: 1 },
            { product: PRODUCT_IDS[(i + 1) % 3]!, quantity: 2 },
          ];
          const { created } = await placeOrder({ db, env }, { id: USER_ID }, { items, address: ADDRESS_ID }, "COD");
          if (created) placed++;
        }
      };
      await Promise.all(Array.from({ length: concurrency }, lane));
      return Response.json({ placed });
    }
    if (url.pathname === "/size") {
      const { meta } = await env.DB.prepare("SELECT 1").run();
      return Response.json({ bytes: meta.size_after });
    }
    if (url.pathname === "/products") {
      const count = Number(url.searchParams.get("count") ?? 1000);
      const now = Date.now();
      const rows = Array.from({ length: count }, (_, i) => ({
        id: `measure-product-${i}`,
        name: `Organic Basmati Rice ${i} (1 kg)`,
        category: "Grains",
        description: ["Long-grain and aromatic", "Aged for twelve months", "Cooks fluffy in 15 minutes"],
        pricePaise: 15000,
        offerPricePaise: 12900,
        images: [`products/${crypto.randomUUID()}.webp`, `products/${crypto.randomUUID()}.webp`],
        inStock: true,
        weight: "1 kg",
        createdAt: now + i,
        updatedAt: now + i,
      }));
      // 8 rows of 12 parameters a statement: D1 takes at most 100 bound parameters.
      for (let i = 0; i < rows.length; i += 8) await db.insert(products).values(rows.slice(i, i + 8));
      return new Response("added");
    }
    return new Response("not found", { status: 404 });
  },
} satisfies ExportedHandler<Env>;
