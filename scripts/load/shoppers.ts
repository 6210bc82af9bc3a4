/**
 * The shoppers of the busiest hour. A guest browses (home, listings, categories, searches, product
 * pages, as full pages and as the client-side `.data` navigations of a page already loaded). A
 * signed-in shopper does the same, puts what they look at in the cart (synced as the store's
 * client does, the whole cart at a time), and most of the time checks out: cash on delivery, or
 * by card through the fake Stripe's checkout page. A checkout refused because something sold out
 * drops the counted products and tries once more, as a shopper would; a checkout with no answer is
 * sent again with the same idempotency key, as the store's client does.
 */
import { SHOPPER_ADDRESS } from "./address.ts";
import { SEARCH_TERMS, type ShelfProduct } from "./catalogue.ts";
import type { Client } from "./client.ts";
import type { OrderLine } from "./consistency.ts";
import { chance, pick, step, type Scenario } from "./scenario.ts";

/** How often a shopper's basket holds each kind of product, and what they do at the end. */
const WANTS_SCARCE = 0.5;
const WANTS_REPRICED = 0.3;
const WANTS_RESTOCKED = 0.2;
const CHECKS_OUT = 0.85;
const PAYS_BY_CARD = 0.25;
const CANCELS = 0.1;
const LOOKS_AT_ORDERS = 0.3;

export type Shopper = { client: Client; userId: string; addressId: string; cart: Map<string, number> };

/** An account with its address, made before the hour starts (a sign-up hashes a password: CPU the hour should not be measured with). */
export async function signUp(client: Client, n: number): Promise<Shopper> {
  const registered = await client.request("POST /api/user/register", "/api/user/register", {
    json: { name: `Load Shopper ${n}`, email: `shopper-${n}-${Date.now().toString(36)}@load.example`, password: "busiest-hour-2026" },
  });
  if (registered?.status !== 201) throw new Error(`sign-up answered ${registered?.status ?? "nothing"}: ${registered?.text.slice(0, 200)}`);
  const address = await client.request("POST /api/address/add", "/api/address/add", { json: { address: SHOPPER_ADDRESS } });
  if (address?.status !== 201) throw new Error(`saving the address answered ${address?.status ?? "nothing"}: ${address?.text.slice(0, 200)}`);
  return {
    client,
    userId: registered.json<{ user: { _id: string } }>().user._id,
    addressId: address.json<{ address: { _id: string } }>().address._id,
    cart: new Map(),
  };
}

const categoryPath = (product: ShelfProduct) => `/products/${product.category.toLowerCase()}`;

/** One visit of the catalogue: the first page in full, the rest as a loaded page navigates (`.data`). */
async function browse(scenario: Scenario, client: Client): Promise<void> {
  const { shelf } = scenario.catalogue;
  const fullPage = chance(0.5);
  if (fullPage) await step(scenario, client, "GET /", "/");
  else await step(scenario, client, "GET /_.data", "/_.data");
  if (chance(0.5)) await step(scenario, client, "GET /products", "/products");
  else await step(scenario, client, "GET /products.data", "/products.data");
  const category = categoryPath(pick(shelf));
  if (chance(0.5)) await step(scenario, client, "GET /products/:category", category);
  else await step(scenario, client, "GET /products/:category.data", `${category}.data`);
  const term = encodeURIComponent(pick(SEARCH_TERMS));
  if (chance(0.5)) await step(scenario, client, "GET /products?search=", `/products?search=${term}`);
  else await step(scenario, client, "GET /products.data?search=", `/products.data?search=${term}`);
}

async function viewProduct(scenario: Scenario, client: Client, product: ShelfProduct): Promise<void> {
  const path = `${categoryPath(product)}/${product.id}`;
  if (chance(0.5)) await step(scenario, client, "GET /products/:category/:id", path);
  else await step(scenario, client, "GET /products/:category/:id.data", `${path}.data`);
}

export async function guestJourney(scenario: Scenario, client: Client): Promise<void> {
  await browse(scenario, client);
  for (let i = 0; i < 3; i++) await viewProduct(scenario, client, pick(scenario.catalogue.shelf));
}

export async function shopperJourney(scenario: Scenario, shopper: Shopper): Promise<void> {
  const { client } = shopper;
  const { catalogue } = scenario;
  await browse(scenario, client);
  const wanted = [pick(catalogue.shelf)];
  if (chance(WANTS_SCARCE)) wanted.push(pick(catalogue.scarce));
  if (chance(WANTS_REPRICED)) wanted.push(pick(catalogue.repriced));
  if (chance(WANTS_RESTOCKED)) wanted.push(pick(catalogue.restocked));
  for (const product of wanted) {
    await viewProduct(scenario, client, product);
    shopper.cart.set(product.id, (shopper.cart.get(product.id) ?? 0) + (chance(0.3) ? 2 : 1));
    await saveCart(scenario, shopper);
  }
  await step(scenario, client, "GET /cart", "/cart");
  if (shopper.cart.size > 0 && chance(CHECKS_OUT)) await checkout(scenario, shopper);
  if (chance(LOOKS_AT_ORDERS)) await step(scenario, client, "GET /my-orders", "/my-orders");
}

function saveCart(scenario: Scenario, shopper: Shopper) {
  return step(scenario, shopper.client, "POST /api/cart/update", "/api/cart/update", { json: { cartItems: Object.fromEntries(shopper.cart) } });
}

async function checkout(scenario: Scenario, shopper: Shopper): Promise<void> {
  const card = chance(PAYS_BY_CARD);
  for (let attempt = 1; attempt <= 2 && shopper.cart.size > 0; attempt++) {
    const items: OrderLine[] = [...shopper.cart].map(([product, quantity]) => ({ product, quantity }));
    const route = card ? "POST /api/order/stripe" : "POST /api/order/cod";
    const body = { json: { items, address: shopper.addressId, idempotencyKey: crypto.randomUUID() }, refusalIs409: true };
    const reply = (await step(scenario, shopper.client, route, route.slice(5), body)) ?? (await step(scenario, shopper.client, route, route.slice(5), body));
    if (reply?.status === 409) {
      // Sold out meanwhile: take the counted products out of the basket and try again.
      scenario.counts.soldOut++;
      for (const id of [...shopper.cart.keys()]) if (scenario.catalogue.initialStock[id] !== undefined || isRestocked(scenario, id)) shopper.cart.delete(id);
      await saveCart(scenario, shopper);
      continue;
    }
    if (reply?.status !== 200 && reply?.status !== 201) return;
    const answer = reply.json<{ orderId: string; url?: string }>();
    scenario.ledger.placed.push({ orderId: answer.orderId, userId: shopper.userId, paymentType: card ? "Online" : "COD", items });
    shopper.cart.clear();
    if (card) {
      scenario.counts.card++;
      await pay(scenario, shopper, answer.url!);
    } else {
      scenario.counts.cod++;
      if (chance(CANCELS)) await cancel(scenario, shopper, answer.orderId);
    }
    return;
  }
}

const isRestocked = (scenario: Scenario, id: string) => scenario.catalogue.restocked.some((p) => p.id === id);

/** The fake Stripe's checkout page: "Pay" sends the store its webhook before the page answers. */
async function pay(scenario: Scenario, shopper: Shopper, paymentUrl: string): Promise<void> {
  scenario.stripeOrigin ??= new URL(paymentUrl).origin;
  const reply = await step(scenario, shopper.client, "POST fake Stripe pay (the store's webhook inside)", paymentUrl, { form: { action: "pay" } });
  if (reply?.status === 303) scenario.counts.paid++;
}

async function cancel(scenario: Scenario, shopper: Shopper, orderId: string): Promise<void> {
  const reply = await step(scenario, shopper.client, "POST /api/order/cancel", "/api/order/cancel", { json: { orderId, reason: "Ordered by mistake" } });
  if (reply?.status === 200) scenario.counts.cancelled++;
}
