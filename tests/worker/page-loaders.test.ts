/**
 * Performance budget for the HTML pages: each page's loader makes at most ONE D1 round trip
 * (several queries go in one `batch`), and never one query per item shown.
 *
 * The loaders are imported straight from the route modules and run against the real local D1
 * (through a counting wrapper, no mock), with the context the Worker builds (worker/index.ts).
 * A request runs the root loader and the page's loader(s) with the same context object, as React
 * Router does: the root's middleware puts one shopper lookup in that context for all of them
 * (worker/web/shopper-state.ts), and the seller layout's middleware guards the seller pages.
 * They run one after the other here, so each round trip can be put down to the loader that made it
 * (concurrentTotal checks that running them side by side, as React Router does, costs the same).
 *
 * A loader over budget fails its test with the SQL of every round trip of that request.
 */
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import * as root from "~/root";
import * as addAddressPage from "~/routes/shop/add-address";
import * as addressesPage from "~/routes/shop/addresses";
import * as deliveryPage from "~/routes/shop/delivery";
import * as editAddressPage from "~/routes/shop/edit-address";
import * as sellerSettings from "~/routes/seller/settings";
import * as cart from "~/routes/shop/cart";
import * as category from "~/routes/shop/category";
import * as home from "~/routes/shop/home";
import * as myOrders from "~/routes/shop/my-orders";
import * as orderPage from "~/routes/shop/order";
import * as orderCancelPage from "~/routes/shop/order-cancel";
import * as shopperInvoice from "~/routes/shop/invoice";
import * as sellerOrderPaper from "~/routes/seller/order-paper";
import * as sellerOrderCancel from "~/routes/seller/order-cancel";
import * as sellerWaiting from "~/routes/seller/orders-waiting";
import * as product from "~/routes/shop/product";
import * as products from "~/routes/shop/products";
import * as sellerDashboard from "~/routes/seller/dashboard";
import * as sellerEditProduct from "~/routes/seller/edit-product";
import * as sellerLayout from "~/routes/seller/layout";
import * as sellerOrders from "~/routes/seller/orders";
import * as sellerProductList from "~/routes/seller/product-list";
import * as sellerSearchWords from "~/routes/seller/search-words";
import * as sellerImport from "~/routes/seller/import-products";
import { stageImport } from "@worker/services/catalogue-import";
import { serializeCart } from "@worker/web/cart-cookie";
import { workerContext } from "@worker/web/context";
import { getDb } from "@worker/db/client";
import type { Product } from "@worker/db/schema";
import { placeOrder } from "@worker/services/orders";
import { readStoreSettings } from "@worker/services/store-settings";
import { db, insertProduct } from "../support/builders";
import { ORIGIN, postJson } from "../support/http";
import { sellerLogin } from "../support/seller";
import { addAddress, signUp, type Shopper } from "../support/shoppers";

// ---------------------------------------------------------------------------------------------
// A D1 binding that counts round trips (and keeps their SQL) and otherwise is the real env.DB.
// drizzle's D1 driver only uses prepare / bind / all / raw / first / run / batch.

/** A statement as it was run: its SQL and bound values (rowsRead runs the reads again). */
type Statement = { sql: string; values: unknown[] };
type Counter = { binding: D1Database; trips: string[][]; statements: Statement[] };

function countingD1(real: D1Database): Counter {
  const trips: string[][] = [];
  const statements: Statement[] = [];
  const inner = new WeakMap<object, D1PreparedStatement>();
  const run = new WeakMap<object, Statement>();

  const wrap = (statement: D1PreparedStatement, sql: string, values: unknown[] = []): D1PreparedStatement => {
    const roundTrip = <T>(go: () => Promise<T>) => {
      trips.push([sql]);
      statements.push({ sql, values });
      return go();
    };
    const wrapped = {
      bind: (...bound: unknown[]) => wrap(statement.bind(...bound), sql, bound),
      all: () => roundTrip(() => statement.all()),
      raw: (options?: { columnNames?: boolean }) => roundTrip(() => statement.raw(options as { columnNames: true })),
      first: (column?: string) => roundTrip(() => (column === undefined ? statement.first() : statement.first(column))),
      run: () => roundTrip(() => statement.run()),
    };
    inner.set(wrapped, statement);
    run.set(wrapped, { sql, values });
    return wrapped as unknown as D1PreparedStatement;
  };

  const binding = {
    prepare: (sql: string) => wrap(real.prepare(sql), sql),
    batch: (batched: D1PreparedStatement[]) => {
      const each = batched.map((s) => run.get(s) ?? { sql: "(unwrapped statement)", values: [] });
      trips.push(each.map((s) => s.sql));
      statements.push(...each);
      return real.batch(batched.map((s) => inner.get(s) ?? s));
    },
  };
  return { binding: binding as unknown as D1Database, trips, statements };
}

/**
 * The rows SQLite read for a request's queries (D1's `meta.rows_read`), each read run again on its
 * own: drizzle reads through `raw()`, which carries no meta. Index walks count; a full scan or an
 * index walk over every product in stock counts every one of them.
 */
async function rowsRead(statements: Statement[]): Promise<{ total: number; report: string }> {
  let total = 0;
  const lines: string[] = [];
  for (const { sql, values } of statements.filter((s) => /^\s*(select|with)\b/i.test(s.sql))) {
    const { meta } = await env.DB.prepare(sql)
      .bind(...values)
      .all();
    total += meta.rows_read;
    lines.push(`${meta.rows_read} rows: ${sql}`);
  }
  return { total, report: lines.join("\n") };
}

// ---------------------------------------------------------------------------------------------
// One request through some loaders, with the Worker's context on a fresh counting binding.

type Step = { name: string; loader: (args: never) => unknown; params: Record<string, string> };

const rootStep: Step = { name: "root", loader: root.loader, params: {} };
const step = (name: string, loader: Step["loader"], params: Record<string, string> = {}): Step => ({ name, loader, params });

type LoaderRun = { name: string; trips: string[][]; data?: unknown; thrown?: unknown };

function report(runs: LoaderRun[]): string {
  return runs
    .map((run) => `${run.name}: ${run.trips.length} round trip(s)${run.trips.map((t, i) => `\n  #${i + 1} ${t.join("\n     + ")}`).join("")}`)
    .join("\n");
}

const argsFor = (request: Request, context: RouterContextProvider, params: Record<string, string>) =>
  ({ request, context, params, url: new URL(request.url), pattern: "" }) as never;

type Middleware = (args: never, next: () => Promise<Response>) => unknown;

/** Run a route's middleware as React Router does before its loaders (`next` stands for them). */
async function runMiddleware(middleware: readonly Middleware[], args: never): Promise<void> {
  for (const run of middleware) await run(args, async () => new Response(null));
}

/**
 * The context worker/index.ts gives one request, its D1 binding counted, after the root's middleware.
 * The isolate's copy of the store's settings is read first, uncounted: a warm isolate renders pages
 * without reading them (ADR 028), and a cold one reads them once a minute, not per request.
 */
async function requestContext(request: Request) {
  await readStoreSettings(db());
  const counter = countingD1(env.DB);
  const context = new RouterContextProvider();
  context.set(workerContext, { env: { ...env, DB: counter.binding }, ctx: createExecutionContext(), db: getDb({ DB: counter.binding }) });
  await runMiddleware(root.middleware as Middleware[], argsFor(request, context, {}));
  return { counter, context };
}

/** The seller layout's guard, as a step: it throws the 401 for anyone but the seller. */
const sellerGuard = (args: never) => runMiddleware(sellerLayout.middleware as Middleware[], args);

async function runLoaders(request: Request, ...steps: Step[]) {
  const { counter, context } = await requestContext(request);
  const runs: LoaderRun[] = [];
  for (const { name, loader, params } of steps) {
    const before = counter.trips.length;
    const run: LoaderRun = { name, trips: [] };
    try {
      run.data = await loader(argsFor(request, context, params));
    } catch (thrown) {
      run.thrown = thrown; // redirect() Responses and data() 401/404s
    }
    run.trips = counter.trips.slice(before);
    runs.push(run);
  }
  const byName = (name: string) => runs.find((r) => r.name === name)!;
  return {
    runs,
    statements: counter.statements,
    total: counter.trips.length,
    report: report(runs),
    trips: (name: string) => byName(name).trips.length,
    data: <T>(name: string) => byName(name).data as T,
    thrown: (name: string) => byName(name).thrown,
  };
}

type Result = Awaited<ReturnType<typeof runLoaders>>;

/** The same loaders side by side, as React Router runs them: the request's total round trips. */
async function concurrentTotal(request: Request, ...steps: Step[]): Promise<number> {
  const { counter, context } = await requestContext(request);
  await Promise.allSettled(steps.map(async ({ loader, params }) => loader(argsFor(request, context, params))));
  return counter.trips.length;
}

/**
 * The budget: no loader over one round trip, and the whole request at most `total` (list pages
 * are also checked with few and many items, to prove the count does not grow with them). Soft
 * assertions: a breach is reported with the SQL of every round trip, and the test goes on.
 */
function expectWithinBudget(result: Result, total: number, perLoader = 1) {
  for (const run of result.runs) expect.soft(run.trips.length, `${run.name} loader\n${result.report}`).toBeLessThanOrEqual(perLoader);
  expect.soft(result.total, `whole request\n${result.report}`).toBeLessThanOrEqual(total);
}

function page(path: string, cookie?: string): Request {
  return new Request(new URL(path, ORIGIN), cookie ? { headers: { Cookie: cookie } } : {});
}

/** The status a loader threw: a redirect Response, or data(…, { status }). */
function statusOf(thrown: unknown): number | undefined {
  if (thrown instanceof Response) return thrown.status;
  return (thrown as { init?: { status?: number } } | undefined)?.init?.status;
}

// ---------------------------------------------------------------------------------------------
// Data, made with the app's own services and the API helpers.

async function manyProducts(n: number, overrides: Parameters<typeof insertProduct>[0] = {}): Promise<Product[]> {
  const made: Product[] = [];
  for (let i = 0; i < n; i++) made.push(await insertProduct(overrides));
  return made;
}

/** A shopper whose saved cart holds these products (placing an order empties it: order first). */
async function shopperWithCart(lines: Product[], shopper?: Shopper): Promise<Shopper> {
  shopper ??= await signUp();
  const response = await postJson("/api/cart/update", { cartItems: Object.fromEntries(lines.map((p) => [p.id, 2])) }, { Cookie: shopper.cookie });
  expect(response.status).toBe(200);
  return shopper;
}

/** Cash-on-delivery orders straight through the order service (the API would hit the order rate limit). */
async function placeOrders(shopper: Shopper, count: number, items: Product[]) {
  const address = await addAddress(shopper);
  for (let i = 0; i < count; i++) {
    const { created } = await placeOrder({ db: db(), env }, { id: shopper.id }, { items: items.map((p) => ({ product: p.id, quantity: 1 })), address }, "COD");
    expect(created).toBe(true);
  }
}

// ---------------------------------------------------------------------------------------------

it("the counting binding: one per statement run, one per batch, and the real D1 answers", async () => {
  const { id } = await insertProduct({ name: "Counted" });
  const counter = countingD1(env.DB);
  const one = await counter.binding.prepare("SELECT name FROM products WHERE id = ?").bind(id).first<{ name: string }>();
  expect(one?.name).toBe("Counted");
  const batch = await counter.binding.batch([1, 2, 3].map((n) => counter.binding.prepare("SELECT ? AS n").bind(n)));
  expect(batch.map((r) => (r.results[0] as { n: number }).n)).toEqual([1, 2, 3]);
  const rows = await getDb({ DB: counter.binding }).query.products.findMany();
  expect(rows.map((p) => p.id)).toEqual([id]);
  expect(counter.trips.map((t) => t.length)).toEqual([1, 3, 1]);
});

describe("shop pages, guest", () => {
  it("home: best sellers in one query, whether there are 2 products or 25; for a guest the root reads only the store's settings (1)", async () => {
    await manyProducts(2);
    const few = await runLoaders(page("/"), rootStep, step("home", home.loader));
    expect(few.data<{ bestSellers: unknown[] }>("home").bestSellers).toHaveLength(2);
    expect(few.trips("root"), few.report).toBe(1);
    expectWithinBudget(few, 2);

    await manyProducts(23);
    const many = await runLoaders(page("/"), rootStep, step("home", home.loader));
    expect(many.data<{ bestSellers: unknown[] }>("home").bestSellers).toHaveLength(5);
    expectWithinBudget(many, 2);
  });

  it("all products and search: one query per page, the same for 2 products as for 25", async () => {
    await manyProducts(2, { name: "Basmati rice" });
    const few = await runLoaders(page("/products"), rootStep, step("products", products.loader));
    expect(few.data<{ products: unknown[] }>("products").products).toHaveLength(2);
    expectWithinBudget(few, 2);

    await manyProducts(23, { name: "Basmati rice" });
    const many = await runLoaders(page("/products"), rootStep, step("products", products.loader));
    const listed = many.data<{ products: unknown[]; nextCursor: string | null }>("products");
    expect(listed.products).toHaveLength(20);
    expectWithinBudget(many, 2);

    // The next page (keyset cursor), the trigram search (3+ characters) and a short LIKE search.
    for (const path of [`/products?cursor=${encodeURIComponent(listed.nextCursor!)}`, "/products?search=basmati", "/products?search=ba"]) {
      const result = await runLoaders(page(path), rootStep, step("products", products.loader));
      expect(result.data<{ products: unknown[] }>("products").products.length, path).toBeGreaterThan(0);
      expectWithinBudget(result, 2);
    }
  });

  it("search that finds (synonyms, typos, plurals) and sorted or filtered listings: one query each; a search whose results end on the page, a second for its sold-out matches", async () => {
    await manyProducts(25, { name: "Basmati rice", category: "Grains" });
    await manyProducts(3, { name: "Potato 500g", category: "Vegetables" });
    for (const path of [
      "/products?search=aloo",
      "/products?search=basmatti",
      "/products?search=potatoes&sort=price-desc",
      "/products?search=rice&category=Grains&sort=discount",
      "/products?sort=price-asc",
      "/products?category=Grains&sort=price-desc",
      "/products?category=Vegetables",
      "/products?search=xqzv",
    ]) {
      const result = await runLoaders(page(path), rootStep, step("products", products.loader));
      expect(result.data<{ products: unknown[] }>("products").products.length, path).toBe(
        path.includes("xqzv") ? 0 : path.includes("Vegetables") || path.includes("aloo") || path.includes("potatoes") ? 3 : 20,
      );
      // Where a search's results end, a second trip looks among the sold out (ADR 030 addendum), only then.
      const resultsEnd = /search=(aloo|potatoes|xqzv)/.test(path);
      expectWithinBudget(result, resultsEnd ? 3 : 2, resultsEnd ? 2 : 1);
    }
  });

  it("category: one query, the same for 2 products as for 25; an unknown category is a 404 with no query of its own", async () => {
    await manyProducts(2, { category: "Fruits" });
    const few = await runLoaders(page("/products/fruits"), rootStep, step("category", category.loader, { category: "fruits" }));
    expect(few.data<{ products: unknown[] }>("category").products).toHaveLength(2);
    expectWithinBudget(few, 2);

    await manyProducts(23, { category: "Fruits" });
    const many = await runLoaders(page("/products/fruits"), rootStep, step("category", category.loader, { category: "fruits" }));
    expect(many.data<{ products: unknown[] }>("category").products).toHaveLength(20);
    expectWithinBudget(many, 2);

    const unknown = await runLoaders(page("/products/gadgets"), rootStep, step("category", category.loader, { category: "gadgets" }));
    expect(statusOf(unknown.thrown("category"))).toBe(404);
    expect(unknown.trips("category"), unknown.report).toBe(0);
    expectWithinBudget(unknown, 1);
  });

  it("a listing link with a cursor the list did not give out goes to the first page, keeping the rest of its query (the API refuses it)", async () => {
    await manyProducts(3, { category: "Fruits" });
    const cases: [string, Step, string][] = [
      ["/products/fruits?cursor=garbage", step("category", category.loader, { category: "fruits" }), "/products/fruits"],
      ["/products?search=apple&sort=price-asc&cursor=p1.", step("products", products.loader), "/products?search=apple&sort=price-asc"],
      ["/products.data?cursor=s-1&category=Fruits&_routes=routes%2Fshop%2Fproducts", step("products", products.loader), "/products?category=Fruits"],
    ];
    for (const [path, loaderStep, firstPage] of cases) {
      const thrown = (await runLoaders(page(path), loaderStep)).thrown(loaderStep.name);
      expect(thrown instanceof Response && [thrown.status, thrown.headers.get("Location")], path).toEqual([302, firstPage]);
    }
  });

  it("product: the product and its related products in one batch, with 0 related or 5", async () => {
    const lonely = await insertProduct({ category: "Bakery" });
    const alone = await runLoaders(page(`/products/bakery/${lonely.id}`), rootStep, step("product", product.loader, { category: "bakery", id: lonely.id }));
    expect(alone.data<{ related: unknown[] }>("product").related).toEqual([]);
    expectWithinBudget(alone, 2);

    const [main] = await manyProducts(8, { category: "Dairy" });
    const related = await runLoaders(page(`/products/dairy/${main!.id}`), rootStep, step("product", product.loader, { category: "dairy", id: main!.id }));
    expect(related.data<{ related: unknown[] }>("product").related).toHaveLength(5);
    expectWithinBudget(related, 2);
    expect(related.runs[1]!.trips[0], "the product page's round trip is one batch of two queries").toHaveLength(2);

    // Wrong category in the URL: still the one batch, then a 404.
    const wrong = await runLoaders(page(`/products/fruits/${main!.id}`), rootStep, step("product", product.loader, { category: "fruits", id: main!.id }));
    expect(statusOf(wrong.thrown("product"))).toBe(404);
    expectWithinBudget(wrong, 2);
  });

  it("cart (guest cookie cart): root 1 (the cart's prices, for the phone's cart bar) + cart 1, whether the cart has 1 line or 12", async () => {
    const items = await manyProducts(12);
    for (const lines of [items.slice(0, 1), items]) {
      const cookie = `cart=${serializeCart(Object.fromEntries(lines.map((p) => [p.id, 1])))}`;
      const result = await runLoaders(page("/cart", cookie), rootStep, step("cart", cart.loader));
      const data = result.data<{ lines: unknown[]; signedIn: boolean }>("cart");
      expect(data.lines).toHaveLength(lines.length);
      expect(data.signedIn).toBe(false);
      expect(Object.keys(result.data<{ prices: object }>("root").prices)).toHaveLength(lines.length);
      expectWithinBudget(result, 2);
    }
  });

  it("pages for signed-in shoppers redirect a guest to log in with no query of their own", async () => {
    for (const [path, loader] of [
      ["/my-orders", myOrders.loader],
      ["/add-address", addAddressPage.loader],
    ] as const) {
      const result = await runLoaders(page(path), rootStep, step(path, loader));
      expect(statusOf(result.thrown(path)), path).toBe(302);
      expect(result.trips(path), result.report).toBe(0);
      expectWithinBudget(result, 1);
    }
  });

  it("a guest's client-side navigation to a shopper page (its .data request) goes to log in with the page's own address to come back to", async () => {
    for (const [path, loader, back] of [
      ["/my-orders.data?placed=abc&_routes=routes%2Fshop%2Fmy-orders", myOrders.loader, "/my-orders?placed=abc"],
      ["/my-orders.data", myOrders.loader, "/my-orders"],
    ] as const) {
      const result = await runLoaders(page(path), rootStep, step(path, loader));
      expect((result.thrown(path) as Response).headers.get("Location"), path).toBe(`/login?redirectTo=${encodeURIComponent(back)}`);
    }
  });
});

describe("shop pages, signed-in shopper", () => {
  it("a live session whose account is gone: My Orders sends to log in, the cart reads as an empty guest cart, one round trip each", async () => {
    const shopper = await shopperWithCart(await manyProducts(2));
    await env.DB.prepare("DELETE FROM users WHERE id = ?").bind(shopper.id).run();
    const orders = await runLoaders(page("/my-orders", shopper.cookie), step("my-orders", myOrders.loader));
    expect(statusOf(orders.thrown("my-orders"))).toBe(302);
    expect((orders.thrown("my-orders") as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fmy-orders");
    expectWithinBudget(orders, 1);
    const cartAlone = await runLoaders(page("/cart", shopper.cookie), step("cart", cart.loader));
    expect(cartAlone.data<{ lines: unknown[]; signedIn: boolean }>("cart")).toMatchObject({ lines: [], signedIn: false });
    expectWithinBudget(cartAlone, 1);
  });

  it("root alone: one lookup of the shopper (user and saved cart)", async () => {
    const shopper = await signUp();
    const result = await runLoaders(page("/products", shopper.cookie), rootStep, step("products", products.loader));
    expect(result.data<{ user: { id: string } | null }>("root").user?.id).toBe(shopper.id);
    expect(result.trips("root"), result.report).toBeLessThanOrEqual(1);
    expectWithinBudget(result, 2); // root 1 + listing 1
  });

  it("cart: root 1 + cart 1 (the saved cart, its products, the addresses and the waiting card orders in one batch), with 1 line or 12", async () => {
    const items = await manyProducts(12);
    for (const lines of [items.slice(0, 1), items]) {
      const shopper = await shopperWithCart(lines);
      await addAddress(shopper);
      const result = await runLoaders(page("/cart", shopper.cookie), rootStep, step("cart", cart.loader));
      const data = result.data<{ lines: unknown[]; addresses: unknown[]; signedIn: boolean }>("cart");
      expect(data.lines).toHaveLength(lines.length);
      expect(data.addresses).toHaveLength(1);
      expect(data.signedIn).toBe(true);
      expectWithinBudget(result, 2);
      // Run side by side, as React Router does: still two round trips.
      expect(await concurrentTotal(page("/cart", shopper.cookie), rootStep, step("cart", cart.loader))).toBeLessThanOrEqual(2);
    }
  });

  it("on a client-side navigation (the root loader does not re-run) each page loader alone stays within one round trip", async () => {
    // React Router re-runs the root loader only when the search changes or after an action, so
    // going from /products to /cart in the browser asks the server for the cart loader alone.
    const shopper = await signUp();
    await placeOrders(shopper, 2, await manyProducts(3));
    await shopperWithCart(await manyProducts(3), shopper);
    const cartAlone = await runLoaders(page("/cart", shopper.cookie), step("cart", cart.loader));
    expect(cartAlone.data<{ lines: unknown[] }>("cart").lines).toHaveLength(3);
    expectWithinBudget(cartAlone, 1);

    const ordersAlone = await runLoaders(page("/my-orders", shopper.cookie), step("my-orders", myOrders.loader));
    expect(ordersAlone.data<{ orders: unknown[] }>("my-orders").orders).toHaveLength(2);
    expectWithinBudget(ordersAlone, 1);

    const addressAlone = await runLoaders(page("/add-address", shopper.cookie), step("add-address", addAddressPage.loader));
    expect(addressAlone.thrown("add-address")).toBeUndefined();
    expectWithinBudget(addressAlone, 1);
  });

  it("my orders: one query for the orders and their items, with 1 order or 6 orders of 3 items", async () => {
    const items = await manyProducts(3);
    const trips: Record<number, number> = {};
    for (const count of [1, 6]) {
      const shopper = await signUp();
      await placeOrders(shopper, count, items);
      const result = await runLoaders(page("/my-orders", shopper.cookie), rootStep, step("my-orders", myOrders.loader));
      const orders = result.data<{ orders: { items: unknown[] }[] }>("my-orders").orders;
      expect(orders).toHaveLength(count);
      for (const order of orders) expect(order.items).toHaveLength(3);
      trips[count] = result.total;
      expectWithinBudget(result, 2); // root 1 + my orders 1
    }
    expect(trips[6], "no query per order or per item").toBe(trips[1]);
  });

  it("add address: the page's sign-in check reuses the root's shopper lookup (root 1 + page 0)", async () => {
    const shopper = await signUp();
    const result = await runLoaders(page("/add-address", shopper.cookie), rootStep, step("add-address", addAddressPage.loader));
    expect(result.thrown("add-address")).toBeUndefined();
    expectWithinBudget(result, 1);
  });
});

describe("delivery and the address book", () => {
  it("the root's Deliver to: a guest's checked pincode costs no D1 beyond the store's settings; a shopper's default address comes with the account (root 1)", async () => {
    const guest = await runLoaders(page("/", "pincode=560001"), rootStep, step("delivery", deliveryPage.loader));
    expect(guest.data<{ delivery: { pincode: string } }>("root").delivery.pincode).toBe("560001");
    expectWithinBudget(guest, 1);

    const shopper = await signUp();
    await addAddress(shopper);
    const signedIn = await runLoaders(page("/", shopper.cookie), rootStep);
    expect(signedIn.data<{ delivery: { pincode: string; fromAddress: boolean } }>("root").delivery).toMatchObject({ pincode: "560001", fromAddress: true });
    expectWithinBudget(signedIn, 1);
  });

  it("my addresses: the account and its addresses in one batch, with 1 address or 12; a guest goes to log in with no query of the page's own", async () => {
    const shopper = await signUp();
    const trips: Record<number, number> = {};
    let saved = 0;
    for (const count of [1, 12]) {
      for (; saved < count; saved++) await addAddress(shopper);
      const result = await runLoaders(page("/addresses", shopper.cookie), rootStep, step("addresses", addressesPage.loader));
      expect(result.data<{ addresses: unknown[] }>("addresses").addresses).toHaveLength(count);
      trips[count] = result.total;
      expectWithinBudget(result, 2); // root 1 + addresses 1
    }
    expect(trips[12]).toBe(trips[1]);
    const alone = await runLoaders(page("/addresses", shopper.cookie), step("addresses", addressesPage.loader));
    expectWithinBudget(alone, 1);
    const guest = await runLoaders(page("/addresses"), rootStep, step("addresses", addressesPage.loader));
    expect(statusOf(guest.thrown("addresses"))).toBe(302);
    expectWithinBudget(guest, 1);
  });

  it("edit address: one query; another shopper's address is a 404 after that one query", async () => {
    const owner = await signUp();
    const id = await addAddress(owner);
    const found = await runLoaders(page(`/addresses/${id}/edit`, owner.cookie), step("edit", editAddressPage.loader, { id }));
    expect(found.data<{ address: { id: string } }>("edit").address.id).toBe(id);
    expectWithinBudget(found, 1);
    const intruder = await signUp();
    const refused = await runLoaders(page(`/addresses/${id}/edit`, intruder.cookie), step("edit", editAddressPage.loader, { id }));
    expect(statusOf(refused.thrown("edit"))).toBe(404);
    expectWithinBudget(refused, 1);
  });

  it("seller settings: the stored row, one query", async () => {
    const seller = await sellerLogin();
    const result = await runLoaders(page("/seller/settings", seller), rootStep, step("seller layout", sellerGuard), step("settings", sellerSettings.loader));
    expect(result.data<{ settings: { state: string } }>("settings").settings.state).toBe("Karnataka");
    expectWithinBudget(result, 2);
  });
});

describe("seller pages", () => {
  it("without a seller session the seller layout's middleware answers 401 before any loader or D1", async () => {
    const shopper = await signUp(); // a shopper's session is no seller session
    for (const cookie of [undefined, shopper.cookie]) {
      for (const path of ["/seller", "/seller/dashboard", "/seller/dashboard.data", "/seller/product-list", "/seller/products/x/edit", "/seller/orders"]) {
        const result = await runLoaders(page(path, cookie), step("seller layout", sellerGuard));
        expect(statusOf(result.thrown("seller layout")), path).toBe(401);
        expectWithinBudget(result, 0);
      }
    }
  });

  it("the seller's guard is KV only (0 D1), and the root reads only the store's settings for the seller (1)", async () => {
    const seller = await sellerLogin();
    const result = await runLoaders(page("/seller", seller), rootStep, step("seller layout", sellerGuard));
    for (const run of result.runs) expect(run.thrown, run.name).toBeUndefined();
    expectWithinBudget(result, 1);
  });

  it("product list: one query, the same for 2 products as for 25 (a page of 20 and a link to the rest)", async () => {
    const seller = await sellerLogin();
    await manyProducts(2);
    const few = await runLoaders(page("/seller/product-list", seller), rootStep, step("seller layout", sellerGuard), step("list", sellerProductList.loader));
    expect(few.data<{ products: unknown[] }>("list").products).toHaveLength(2);
    expectWithinBudget(few, 2);

    await manyProducts(23, { name: "Toor dal" });
    const many = await runLoaders(page("/seller/product-list", seller), rootStep, step("seller layout", sellerGuard), step("list", sellerProductList.loader));
    expect(many.data<{ products: unknown[] }>("list").products).toHaveLength(20);
    expect(many.data<{ nextCursor: string | null }>("list").nextCursor).not.toBeNull();
    expectWithinBudget(many, 2);

    const search = await runLoaders(
      page("/seller/product-list?q=toor", seller),
      rootStep,
      step("seller layout", sellerGuard),
      step("list", sellerProductList.loader),
    );
    expect(search.data<{ products: unknown[] }>("list").products).toHaveLength(20);
    expectWithinBudget(search, 2);
  });

  it("search words: one batch (a page and the count)", async () => {
    const seller = await sellerLogin();
    const result = await runLoaders(
      page("/seller/search-words", seller),
      rootStep,
      step("seller layout", sellerGuard),
      step("words", sellerSearchWords.loader),
    );
    expect(result.data<{ words: unknown[] }>("words").words).toHaveLength(20);
    expectWithinBudget(result, 2);
  });

  it("the import page's export files (no JavaScript): one batch (the count and where each part starts), with 1 product or 1,001", async () => {
    const seller = await sellerLogin();
    await insertProduct();
    const path = "/seller/products/import?export=files";
    const one = await runLoaders(page(path, seller), rootStep, step("seller layout", sellerGuard), step("import", sellerImport.loader));
    expect(one.data<{ exportFiles: { parts: unknown[] } }>("import").exportFiles.parts).toHaveLength(1);
    expectWithinBudget(one, 2);
    for (let i = 0; i < 1000; i += 200) await Promise.all(Array.from({ length: 200 }, (_, j) => insertProduct({ name: `Export ${i + j}` })));
    const many = await runLoaders(page(path, seller), rootStep, step("seller layout", sellerGuard), step("import", sellerImport.loader));
    expect(many.data<{ exportFiles: { parts: unknown[] } }>("import").exportFiles.parts).toHaveLength(3);
    expectWithinBudget(many, 2);
  });

  it("edit product: one query; a missing product is a 404 after that one query", async () => {
    const seller = await sellerLogin();
    const { id } = await insertProduct({ name: "Ghee 500 ml" });
    const found = await runLoaders(
      page(`/seller/products/${id}/edit`, seller),
      rootStep,
      step("seller layout", sellerGuard),
      step("edit", sellerEditProduct.loader, { id }),
    );
    expect(found.data<{ product: { name: string } }>("edit").product.name).toBe("Ghee 500 ml");
    expectWithinBudget(found, 2);

    const missing = await runLoaders(
      page("/seller/products/nope/edit", seller),
      rootStep,
      step("seller layout", sellerGuard),
      step("edit", sellerEditProduct.loader, { id: "nope" }),
    );
    expect(statusOf(missing.thrown("edit"))).toBe(404);
    expectWithinBudget(missing, 2);
  });

  it("orders: orders, their items and the awaiting-packing count in one batch, with 1 order or 8", async () => {
    const seller = await sellerLogin();
    const items = await manyProducts(3);
    const shopper = await signUp();
    await placeOrders(shopper, 1, items);
    const one = await runLoaders(page("/seller/orders", seller), rootStep, step("seller layout", sellerGuard), step("orders", sellerOrders.loader));
    expect(one.data<{ orders: unknown[]; awaitingPacking: number }>("orders")).toMatchObject({ orders: [expect.anything()], awaitingPacking: 1 });
    expectWithinBudget(one, 2);

    await placeOrders(await signUp(), 7, items);
    const eight = await runLoaders(page("/seller/orders", seller), rootStep, step("seller layout", sellerGuard), step("orders", sellerOrders.loader));
    const data = eight.data<{ orders: { items: unknown[] }[]; awaitingPacking: number }>("orders");
    expect(data.orders).toHaveLength(8);
    for (const order of data.orders) expect(order.items).toHaveLength(3);
    expect(data.awaitingPacking).toBe(8);
    expectWithinBudget(eight, 2);

    const filtered = await runLoaders(
      page("/seller/orders?status=Packed", seller),
      rootStep,
      step("seller layout", sellerGuard),
      step("orders", sellerOrders.loader),
    );
    expect(filtered.data<{ orders: unknown[] }>("orders").orders).toEqual([]);
    expectWithinBudget(filtered, 2);
  });

  it("the import page: none without a preview; a preview in one query, for 2 rows as for 40", async () => {
    const seller = await sellerLogin();
    const empty = await runLoaders(page("/seller/products/import", seller), rootStep, step("seller layout", sellerGuard), step("import", sellerImport.loader));
    expectWithinBudget(empty, 1);

    for (const rows of [2, 40]) {
      const made = await manyProducts(rows);
      const csv = ["id,name,category,price,offer_price", ...made.map((p) => `${p.id},${p.name},Vegetables,60,50`)].join("\n");
      const id = await stageImport({ db: db(), env }, csv);
      const preview = await runLoaders(
        page(`/seller/products/import?preview=${id}`, seller),
        rootStep,
        step("seller layout", sellerGuard),
        step("import", sellerImport.loader),
      );
      expect(preview.data<{ preview: { summary: { update: number } } }>("import").preview.summary.update).toBe(rows);
      expectWithinBudget(preview, 2);
    }
  });

  it("dashboard: every figure in one batch, with 1 order or 8, few products or many low on stock", async () => {
    const seller = await sellerLogin();
    const items = await manyProducts(3, { stock: 40 });
    await placeOrders(await signUp(), 1, items);
    type Figures = { periods: { today: { orders: number } }; waiting: { toPack: { orders: number } }; lowStock: { count: number } };
    const one = await runLoaders(page("/seller/dashboard", seller), rootStep, step("seller layout", sellerGuard), step("dashboard", sellerDashboard.loader));
    expect(one.data<Figures>("dashboard")).toMatchObject({ periods: { today: { orders: 1 } }, waiting: { toPack: { orders: 1 } } });
    expectWithinBudget(one, 2);

    await placeOrders(await signUp(), 7, items);
    await manyProducts(12, { stock: 2 });
    const eight = await runLoaders(page("/seller/dashboard", seller), rootStep, step("seller layout", sellerGuard), step("dashboard", sellerDashboard.loader));
    expect(eight.data<Figures>("dashboard")).toMatchObject({ periods: { today: { orders: 8 } }, waiting: { toPack: { orders: 8 } }, lowStock: { count: 12 } });
    expectWithinBudget(eight, 2);
  });
});

describe("order pages (issues 15 and 16)", () => {
  const orderIds = async (shopper: Shopper) =>
    (await env.DB.prepare("SELECT id FROM orders WHERE user_id = ? ORDER BY created_at").bind(shopper.id).all<{ id: string }>()).results.map((r) => r.id);

  it("the order page: the account, the order, its items and their availability in one batch, for 1 item or 6; someone else's is a 404 after it", async () => {
    for (const count of [1, 6]) {
      const shopper = await signUp();
      await placeOrders(shopper, 1, await manyProducts(count));
      const [id] = await orderIds(shopper);
      const result = await runLoaders(page(`/my-orders/${id}`, shopper.cookie), rootStep, step("order", orderPage.loader, { id: id! }));
      expect(result.data<{ order: { items: unknown[] } }>("order").order.items).toHaveLength(count);
      expectWithinBudget(result, 2); // root 1 + order page 1
      expect(result.runs[1]!.trips[0], "one batch: the account, the order with its items, the products, the settings").toHaveLength(4);

      const alone = await runLoaders(page(`/my-orders/${id}`, shopper.cookie), step("order", orderPage.loader, { id: id! }));
      expectWithinBudget(alone, 1);
      const cancel = await runLoaders(page(`/my-orders/${id}/cancel`, shopper.cookie), step("cancel", orderCancelPage.loader, { id: id! }));
      expectWithinBudget(cancel, 1);
    }
    const owner = await signUp();
    await placeOrders(owner, 1, await manyProducts(1));
    const [theirs] = await orderIds(owner);
    const other = await signUp();
    const notTheirs = await runLoaders(page(`/my-orders/${theirs}`, other.cookie), step("order", orderPage.loader, { id: theirs! }));
    expect(statusOf(notTheirs.thrown("order"))).toBe(404);
    expectWithinBudget(notTheirs, 1);
  });

  it("invoices, the packing slip and the seller's cancel page: one query each; the badge: one count", async () => {
    const seller = await sellerLogin();
    const shopper = await signUp();
    await placeOrders(shopper, 1, await manyProducts(3));
    const [id] = await orderIds(shopper);
    const invoice = await runLoaders(page(`/my-orders/${id}/invoice`, shopper.cookie), step("invoice", shopperInvoice.loader, { id: id! }));
    expectWithinBudget(invoice, 1);
    for (const [name, loader] of [
      ["seller invoice and packing slip", sellerOrderPaper.loader],
      ["seller cancel", sellerOrderCancel.loader],
    ] as const) {
      const result = await runLoaders(page(`/seller/orders/${id}/x`, seller), step("seller layout", sellerGuard), step(name, loader, { id: id! }));
      expect(result.thrown(name), name).toBeUndefined();
      expectWithinBudget(result, 1);
    }
    const badge = await runLoaders(page("/seller/orders/waiting", seller), step("seller layout", sellerGuard), step("badge", sellerWaiting.loader));
    expect(badge.data("badge")).toEqual({ waiting: 1 });
    expectWithinBudget(badge, 1);
  });

  it("the seller's orders with a search and filters: still one batch", async () => {
    const seller = await sellerLogin();
    await placeOrders(await signUp(), 3, await manyProducts(2));
    const filtered = await runLoaders(
      page("/seller/orders?q=asha&from=2020-01-01&to=2099-12-31&method=cod&paid=unpaid", seller),
      rootStep,
      step("seller layout", sellerGuard),
      step("orders", sellerOrders.loader),
    );
    expect(filtered.data<{ orders: unknown[] }>("orders").orders).toHaveLength(3);
    expectWithinBudget(filtered, 2); // root 1 (the settings) + orders 1
  });
});

describe("reads that do not grow with the catalogue", () => {
  /**
   * Every page a guest, a shopper and the seller open, run at one catalogue size and again after
   * 120 more products (some sold out) arrive: the rows SQLite reads for a page stay the same. A query
   * that walks all the products, or all those in stock, would read 100 more. This is the class of
   * the regression where every signed-in page read the whole in-stock index for its cart bar.
   */
  it("rows read per page stay flat when 120 products are added", async () => {
    const shown = await manyProducts(24, { name: "Basmati rice" });
    const cartLines = shown.slice(0, 3);
    const shopper = await shopperWithCart(cartLines);
    await placeOrders(shopper, 1, cartLines.slice(0, 1));
    await shopperWithCart(cartLines, shopper); // the order emptied the saved cart
    const orderId = (await db().query.orders.findFirst({ where: (o, { eq }) => eq(o.userId, shopper.id) }))!.id;
    const seller = await sellerLogin();
    const guest = `cart=${serializeCart(Object.fromEntries(cartLines.map((p) => [p.id, 1])))}`;
    const productParams = { category: "vegetables", id: shown[5]!.id };

    const pages: [string, Request, ...Step[]][] = [];
    for (const [who, cookie] of [
      ["guest", guest],
      ["shopper", shopper.cookie],
    ] as const) {
      pages.push(
        [`${who} /`, page("/", cookie), rootStep, step("home", home.loader)],
        [`${who} /products`, page("/products", cookie), rootStep, step("products", products.loader)],
        [`${who} /products?sort=price-asc`, page("/products?sort=price-asc", cookie), rootStep, step("products", products.loader)],
        [`${who} /products?sort=discount`, page("/products?sort=discount", cookie), rootStep, step("products", products.loader)],
        [`${who} /products?search=basmati`, page("/products?search=basmati", cookie), rootStep, step("products", products.loader)],
        [`${who} /products?search=basmtai (a typo)`, page("/products?search=basmtai", cookie), rootStep, step("products", products.loader)],
        [
          `${who} /products?search=rice&category=vegetables`,
          page("/products?search=rice&category=vegetables", cookie),
          rootStep,
          step("products", products.loader),
        ],
        [`${who} /products?search=rice&sort=price-desc`, page("/products?search=rice&sort=price-desc", cookie), rootStep, step("products", products.loader)],
        [`${who} /products/vegetables`, page("/products/vegetables", cookie), rootStep, step("category", category.loader, { category: "vegetables" })],
        [`${who} product page`, page(`/products/vegetables/${productParams.id}`, cookie), rootStep, step("product", product.loader, productParams)],
        [`${who} /cart`, page("/cart", cookie), rootStep, step("cart", cart.loader)],
      );
    }
    pages.push(
      ["shopper /my-orders", page("/my-orders", shopper.cookie), rootStep, step("my-orders", myOrders.loader)],
      ["shopper order page", page(`/my-orders/${orderId}`, shopper.cookie), rootStep, step("order", orderPage.loader, { id: orderId })],
      ["seller product list", page("/seller/product-list", seller), rootStep, step("seller layout", sellerGuard), step("list", sellerProductList.loader)],
      ["seller orders", page("/seller/orders", seller), rootStep, step("seller layout", sellerGuard), step("orders", sellerOrders.loader)],
      ["seller dashboard", page("/seller/dashboard", seller), rootStep, step("seller layout", sellerGuard), step("dashboard", sellerDashboard.loader)],
    );
    const measure = async () => {
      const read = new Map<string, { total: number; report: string }>();
      for (const [name, request, ...steps] of pages) {
        const result = await runLoaders(request, ...steps);
        for (const run of result.runs) expect(run.thrown, `${name}: ${run.name}`).toBeUndefined();
        read.set(name, await rowsRead(result.statements));
      }
      return read;
    };

    const before = await measure();
    await manyProducts(100, { name: "Filler", category: "Vegetables" });
    await manyProducts(20, { name: "Filler", category: "Vegetables", inStock: false });
    const after = await measure();
    for (const [name] of pages) {
      const was = before.get(name)!;
      const now = after.get(name)!;
      expect.soft(now.total - was.total, `${name}: ${was.total} rows before, ${now.total} after\n${now.report}`).toBeLessThanOrEqual(2);
    }
  });
});
