/**
 * The products the busiest hour is played on, picked in the 50,000-product state before the store
 * serves it (scripts/large-state.ts seeds it): the shelf shoppers browse and buy from, a few
 * scarce products everyone wants (counted, so they sell out during the run), and the products the
 * seller reprices and restocks.
 *
 * The seller never touches the scarce products: a product edit writes the whole count (the form's
 * stock field), so a count the seller set mid-run would break the ledger "initial count − units
 * sold = count left" that the oversell check relies on. The seller's counted products are checked
 * for never going below zero instead.
 */
import { openLocalStorage } from "../local-storage.ts";

/** Contested: 20 products of 10 units each, against a few hundred checkouts a minute that each want one. */
export const SCARCE_UNITS = 10;
export const RESTOCKED_UNITS = 30;

/** What the searches ask for: names in the catalogue, a brand, and a word nothing matches. */
export const SEARCH_TERMS = ["rice", "apple", "milk", "paneer", "tomato", "organic", "premium mango", "amul", "bread", "chips", "quinoa"];

export type ShelfProduct = { id: string; category: string };
/** What the seller's product form sends back: every field, as stored. */
export type EditableProduct = ShelfProduct & {
  name: string;
  description: string[];
  pricePaise: number;
  offerPricePaise: number;
  weight: string | null;
  stock: number | null;
};

export type Catalogue = {
  /** On sale and not counted: most of the 50,000. */
  shelf: ShelfProduct[];
  scarce: ShelfProduct[];
  repriced: EditableProduct[];
  restocked: EditableProduct[];
  /** The scarce products' counts before the first shopper. */
  initialStock: Record<string, number>;
  productCount: number;
};

type Row = {
  id: string;
  name: string;
  category: string;
  description: string;
  price_paise: number;
  offer_price_paise: number;
  weight: string | null;
  stock: number | null;
};

export async function prepareCatalogue(state: string): Promise<Catalogue> {
  const { env, dispose } = await openLocalStorage(state);
  try {
    const db = env.DB;
    const onSale = (
      await db
        .prepare(
          "SELECT id, name, category, description, price_paise, offer_price_paise, weight, stock FROM products WHERE in_stock = 1 AND stock IS NULL ORDER BY id",
        )
        .all<Row>()
    ).results;
    // Fifty picks spread evenly over the catalogue (so over its categories), dealt out in turn:
    // two scarce, two repriced, one restocked. Each is taken off the shelf, so it has one role.
    const picks = Array.from({ length: 50 }, (_, k) => Math.floor(((k + 0.5) * onSale.length) / 50));
    const dealt = (turns: number[]) => picks.filter((_, k) => turns.includes(k % 5)).map((at) => onSale[at]!);
    const [scarce, repriced, restocked] = [dealt([0, 1]), dealt([2, 3]), dealt([4])];
    const picked = new Set(picks);
    const count = (ids: string[], units: number) =>
      db.prepare("UPDATE products SET stock = ? WHERE id IN (SELECT value FROM json_each(?))").bind(units, JSON.stringify(ids));
    await db.batch([
      count(
        scarce.map((p) => p.id),
        SCARCE_UNITS,
      ),
      count(
        restocked.map((p) => p.id),
        RESTOCKED_UNITS,
      ),
    ]);

    const productCount = (await db.prepare("SELECT COUNT(*) AS n FROM products").first<{ n: number }>())!.n;
    return {
      shelf: onSale.filter((_, i) => !picked.has(i)).map(({ id, category }) => ({ id, category })),
      scarce: scarce.map(({ id, category }) => ({ id, category })),
      repriced: repriced.map(editable),
      restocked: restocked.map((row) => ({ ...editable(row), stock: RESTOCKED_UNITS })),
      initialStock: Object.fromEntries(scarce.map((p) => [p.id, SCARCE_UNITS])),
      productCount,
    };
  } finally {
    await dispose();
  }
}

function editable(row: Row): EditableProduct {
  return {
    id: row.id,
    category: row.category,
    name: row.name,
    description: JSON.parse(row.description) as string[],
    pricePaise: row.price_paise,
    offerPricePaise: row.offer_price_paise,
    weight: row.weight,
    stock: row.stock,
  };
}
