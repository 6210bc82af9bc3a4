/**
 * The seller during the busiest hour: looks over products and orders, reprices products shoppers
 * are buying (through the JSON API and through the edit page's form without JavaScript, in turn),
 * and restocks counted products. Every price is written into the ledger before it is sent, so the
 * order check knows each price a product may have been sold at, even one whose answer was lost.
 */
import type { Client } from "./client.ts";
import type { EditableProduct } from "./catalogue.ts";
import { chance, pick, step, type Scenario } from "./scenario.ts";

const RESTOCK_UNITS = 20;

export async function sellerSignIn(client: Client, credentials: { email: string; password: string }): Promise<void> {
  const reply = await client.request("POST /api/seller/login", "/api/seller/login", { json: credentials });
  if (reply?.status !== 200) throw new Error(`the seller's login answered ${reply?.status ?? "nothing"}: ${reply?.text.slice(0, 200)}`);
}

export async function sellerJourney(scenario: Scenario, client: Client): Promise<void> {
  const { repriced, restocked } = scenario.catalogue;
  await step(scenario, client, "GET /seller/product-list", "/seller/product-list");

  const product = pick(repriced);
  await step(scenario, client, "GET /seller/products/:id/edit", `/seller/products/${product.id}/edit`);
  // A new selling price between 60% of the MRP and the MRP, in whole rupees.
  const mrp = product.pricePaise / 100;
  product.offerPricePaise = 100 * (Math.ceil(mrp * 0.6) + Math.floor(Math.random() * (mrp - Math.ceil(mrp * 0.6) + 1)));
  (scenario.ledger.offerPrices[product.id] ??= []).push(product.offerPricePaise);
  scenario.counts.edits++;
  if (chance(0.5)) await saveThroughApi(scenario, client, product);
  else
    await step(scenario, client, "POST /seller/products/:id/edit (form, no JS)", `/seller/products/${product.id}/edit`, {
      multipart: asForm(product),
      document: true,
    });

  await step(scenario, client, "GET /seller/orders", "/seller/orders");
  await step(scenario, client, "GET /api/order/seller", "/api/order/seller");

  const shelf = pick(restocked);
  await saveThroughApi(scenario, client, shelf, (shelf.stock ?? 0) + RESTOCK_UNITS);
  scenario.counts.edits++;
}

/**
 * The API answers with the product as saved: its count then is what the next restock adds to.
 * A new count is sent with the one it replaces (`stockSeen`), as the edit page does: refused (409)
 * if orders moved it meanwhile.
 */
async function saveThroughApi(scenario: Scenario, client: Client, product: EditableProduct, newStock?: number): Promise<void> {
  const body = new FormData();
  body.set("id", product.id);
  const changed = newStock === undefined ? {} : { stock: String(newStock) };
  body.set("productData", JSON.stringify({ ...fields(product), ...changed, description: product.description }));
  const reply = await step(scenario, client, "POST /api/product/update", "/api/product/update", { multipart: body, refusalIs409: newStock !== undefined });
  if (reply?.status === 200) product.stock = reply.json<{ product: { stock: number | null } }>().product.stock;
  // Refused: orders moved the count. The seller opens the product again and reads the count now.
  if (reply?.status === 409) {
    const page = await step(scenario, client, "GET /seller/products/:id/edit", `/seller/products/${product.id}/edit`);
    const shown = /name="stockSeen" value="(\d*)"/.exec(page?.text ?? "")?.[1];
    if (shown !== undefined) product.stock = shown === "" ? null : Number(shown);
  }
}

/** Every field of the product form, as the seller's edit page sends them. */
function fields(product: EditableProduct) {
  return {
    name: product.name,
    description: product.description.join("\n"),
    category: product.category,
    price: String(product.pricePaise / 100),
    offerPrice: String(product.offerPricePaise / 100),
    weight: product.weight ?? "",
    stock: product.stock === null ? "" : String(product.stock),
    stockSeen: product.stock === null ? "" : String(product.stock),
  };
}

function asForm(product: EditableProduct): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields(product))) form.set(name, value);
  return form;
}
