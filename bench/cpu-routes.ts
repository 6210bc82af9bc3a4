/**
 * Every page and API route of the store, as the CPU harness (workerd-cpu.ts) requests them: for a
 * guest, a signed-in shopper and the seller, GETs and the state-changing POSTs, the form posts of
 * the pages without JavaScript included. The routes come from app/routes.ts and worker/api/*.ts;
 * a new route belongs here too.
 *
 * Before measuring, `prepareFixtures` makes the people and data the requests need, through the
 * Worker's own API: a shopper with addresses, a cart and past orders (whose pages are measured), a
 * pool of shoppers who place orders and save addresses (so the first shopper's pages do not grow
 * during the run), the seller's session, and the orders the seller moves along.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import Stripe from "stripe";
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, type FakeStripe } from "../tests/support/fake-stripe.ts";
import { SEED_PRODUCTS } from "../scripts/seed-data.ts";
import { PAGES, UNCACHED_COOKIE } from "./routes.ts";

export type Persona = "guest" | "shopper" | "seller" | "Stripe";

export type CpuRequest = {
  method?: "GET" | "POST";
  path: string;
  cookie?: string;
  json?: unknown;
  form?: Record<string, string>;
  multipart?: FormData;
  /** Posted by the browser itself, as a form without JavaScript is (Sec-Fetch-Dest: document). */
  document?: boolean;
};

export type CpuRoute = {
  /** As the tables show it: `GET /path` for the API, the page's path or what it does for pages. */
  name: string;
  persona: Persona;
  /** Login and sign-up, reported on their own (ADR 019): a shopper's password is hashed; the seller's secret is compared by digest. */
  password?: "hashed" | "compared";
  /** The status every answer must have; anything else stops the run. */
  status: number;
  /** The i-th request of this route (a fresh one each time: writes need fresh data). */
  request: (f: Fixtures, i: number) => CpuRequest;
};

const PRODUCT = "seed-apple-1-kg";
const PRODUCT_PATH = PAGES.product;
const CART_ITEMS = { "seed-apple-1-kg": 2, "seed-banana-1-kg": 1, "seed-basmati-rice-5kg": 1 };
const ORDER_ITEMS = Object.entries(CART_ITEMS).map(([product, quantity]) => ({ product, quantity }));
const ADDRESS = {
  firstName: "Asha",
  lastName: "Verma",
  email: "asha@bench.example",
  street: "12 MG Road",
  city: "Bengaluru",
  state: "Karnataka",
  zipCode: "560001",
  country: "India",
  phone: "+91 98765 43210",
};
const PASSWORD = "bench-password-2026";
/** Addresses one shopper may save (MAX_ADDRESSES is 50), less the one each gets at the start. */
const ADDRESSES_PER_WRITER = 45;

const json = (path: string, body: unknown, cookie?: string): CpuRequest => ({ method: "POST", path, json: body, cookie });
const form = (path: string, fields: Record<string, string>, cookie?: string): CpuRequest => ({ method: "POST", path, form: fields, cookie, document: !path.includes(".data") });

export type Fixtures = {
  origin: string;
  run: string;
  /** Signed in, with 2 addresses, 3 products in the cart and 5 orders of 3 products: the pages measured. */
  shopper: string;
  /** Signed-in shoppers who place orders and save addresses; each has one address. */
  writers: { cookie: string; address: string }[];
  seller: string;
  /** A guest's cart cookie with the same 3 products. */
  guestCart: string;
  /** COD orders waiting to be packed, taken one per status move. */
  placedOrders: string[];
  /** The next checkout session the card-checkout route opened and no webhook has paid yet. */
  nextStripeSession: () => Record<string, unknown> | undefined;
  stripe: FakeStripe;
  product: { id: string; fields: Record<string, string> };
  image: Uint8Array;
  /** A shopper whose password is PASSWORD, for the login routes. */
  loginEmail: string;
};

/** Takes the next placed order, or fails the run with what to change. */
function nextOrder(f: Fixtures): string {
  const id = f.placedOrders.pop();
  if (!id) throw new Error("cpu-routes: no placed order left to move; prepareFixtures places too few for this many requests");
  return id;
}

const writer = (f: Fixtures, i: number) => f.writers[Math.floor(i / ADDRESSES_PER_WRITER) % f.writers.length]!;

/** The routes, in the order each round requests them (the orders placed early in a round are moved later). */
export const CPU_ROUTES: CpuRoute[] = [
  // --- a guest: the catalogue rendered (a cookie that is no session keeps the edge cache out), the info pages
  ...(
    [
      ["/", "/"],
      ["/products", "/products"],
      ["/products/fruits", "/products/fruits"],
      ["search rice", "/products?search=rice"],
      ["product page", PRODUCT_PATH],
      ["/products.data (client navigation)", "/products.data"],
      ["/login", "/login"],
      ["/contact-us", "/contact-us"],
      ["/privacy-policy", "/privacy-policy"],
      ["/terms-and-conditions", "/terms-and-conditions"],
      ["/cancellation-refund", "/cancellation-refund"],
      ["/shipping-delivery", "/shipping-delivery"],
      ["/loader (after Stripe)", "/loader?next=my-orders"],
      ["/seller (login form)", "/seller"],
    ] as const
  ).map(([name, path]): CpuRoute => ({ name, persona: "guest", status: name.startsWith("/seller") ? 401 : 200, request: () => ({ path, cookie: UNCACHED_COOKIE }) })),
  { name: "404 page", persona: "guest", status: 404, request: () => ({ path: "/no-such-page", cookie: UNCACHED_COOKIE }) },
  { name: "/seller/login (login page)", persona: "guest", status: 200, request: () => ({ path: "/seller/login", cookie: UNCACHED_COOKIE }) },
  { name: "/contact (redirect)", persona: "guest", status: 301, request: () => ({ path: "/contact", cookie: UNCACHED_COOKIE }) },
  { name: "/cart", persona: "guest", status: 200, request: (f) => ({ path: "/cart", cookie: f.guestCart }) },
  { name: "POST /cart (add, no JS)", persona: "guest", status: 302, request: (f) => form("/cart?redirectTo=%2Fproducts", { intent: "set", productId: PRODUCT, quantity: "3" }, f.guestCart) },
  { name: "POST / (newsletter, no JS)", persona: "guest", status: 200, request: (f, i) => form("/?index", { email: `page-${f.run}-${i}@bench.example` }) },
  { name: "GET /api/product/list?limit=20", persona: "guest", status: 200, request: () => ({ path: "/api/product/list?limit=20", cookie: UNCACHED_COOKIE }) },
  // The spec's clients ask for the whole catalogue (up to 1,000 products): rendered, and from the edge cache.
  { name: "GET /api/product/list (whole, rendered)", persona: "guest", status: 200, request: () => ({ path: "/api/product/list", cookie: UNCACHED_COOKIE }) },
  { name: "GET /api/product/list (whole, edge cache)", persona: "guest", status: 200, request: () => ({ path: "/api/product/list" }) },
  { name: "GET /api/product/list?category&search", persona: "guest", status: 200, request: () => ({ path: "/api/product/list?category=grains&search=rice", cookie: UNCACHED_COOKIE }) },
  { name: "POST /api/newsletter/subscribe", persona: "guest", status: 201, request: (f, i) => json("/api/newsletter/subscribe", { email: `api-${f.run}-${i}@bench.example` }) },

  // --- a signed-in shopper
  ...(
    [
      ["/", "/"],
      ["/products", "/products"],
      ["product page", PRODUCT_PATH],
      ["/cart", "/cart"],
      ["/add-address", "/add-address"],
      ["/my-orders", "/my-orders"],
      ["/my-orders.data (client navigation)", "/my-orders.data"],
      ["GET /api/user/is-auth", "/api/user/is-auth"],
      ["GET /api/order/user", "/api/order/user"],
    ] as const
  ).map(([name, path]): CpuRoute => ({ name, persona: "shopper", status: 200, request: (f) => ({ path, cookie: f.shopper }) })),
  { name: "POST /api/address/get", persona: "shopper", status: 200, request: (f) => json("/api/address/get", {}, f.shopper) },
  { name: "POST /api/cart/update", persona: "shopper", status: 200, request: (f) => json("/api/cart/update", { cartItems: CART_ITEMS }, f.writers[0]!.cookie) },
  { name: "POST /cart (set quantity, no JS)", persona: "shopper", status: 302, request: (f) => form("/cart?redirectTo=%2Fcart", { intent: "set", productId: PRODUCT, quantity: "2" }, f.writers[0]!.cookie) },
  { name: "POST /api/address/add", persona: "shopper", status: 201, request: (f, i) => json("/api/address/add", { address: ADDRESS }, writer(f, 2 * i).cookie) },
  { name: "POST /add-address (no JS)", persona: "shopper", status: 302, request: (f, i) => form("/add-address", ADDRESS, writer(f, 2 * i + 1).cookie) },
  {
    name: "POST /api/order/cod",
    persona: "shopper",
    status: 201,
    request: (f) => json("/api/order/cod", { items: ORDER_ITEMS, address: f.writers[0]!.address }, f.writers[0]!.cookie),
  },
  {
    name: "POST /cart?checkout (COD, no JS)",
    persona: "shopper",
    status: 302,
    request: (f) => form("/cart?checkout", { paymentType: "COD", items: JSON.stringify(ORDER_ITEMS), address: f.writers[1]!.address }, f.writers[1]!.cookie),
  },
  {
    name: "POST /api/order/stripe (fake Stripe)",
    persona: "shopper",
    status: 201,
    request: (f) => json("/api/order/stripe", { items: ORDER_ITEMS, address: f.writers[2]!.address }, f.writers[2]!.cookie),
  },

  // --- the seller
  ...(
    [
      ["/seller (add product)", "/seller"],
      ["/seller/product-list", "/seller/product-list"],
      ["/seller/products/:id/edit", `/seller/products/${PRODUCT}/edit`],
      ["/seller/orders", "/seller/orders"],
      ["GET /api/seller/is-auth", "/api/seller/is-auth"],
      ["GET /api/product/seller-list", "/api/product/seller-list"],
      ["GET /api/order/seller", "/api/order/seller"],
    ] as const
  ).map(([name, path]): CpuRoute => ({ name, persona: "seller", status: 200, request: (f) => ({ path, cookie: f.seller }) })),
  // Out of stock on even requests, back in stock on odd ones: every product is in stock after a round.
  { name: "POST /api/product/stock", persona: "seller", status: 200, request: (f, i) => json("/api/product/stock", { id: PRODUCT, inStock: i % 2 === 1 }, f.seller) },
  { name: "POST /seller/product-list (stock, no JS)", persona: "seller", status: 303, request: (f, i) => form("/seller/product-list", { intent: "stock", id: PRODUCT, inStock: String(i % 2 === 1) }, f.seller) },
  // With JavaScript the switch posts through a fetcher: the action alone, as data (the page's data is asked for next, as below).
  { name: "POST /seller/product-list.data (stock, JS)", persona: "seller", status: 200, request: (f, i) => form("/seller/product-list.data", { intent: "stock", id: PRODUCT, inStock: String(i % 2 === 1) }, f.seller) },
  { name: "/seller/product-list.data (after a change)", persona: "seller", status: 200, request: (f) => ({ path: "/seller/product-list.data", cookie: f.seller }) },
  {
    name: "POST /api/product/update",
    persona: "seller",
    status: 200,
    request: (f) => {
      const body = new FormData();
      body.set("id", f.product.id);
      body.set("productData", JSON.stringify({ ...f.product.fields, description: f.product.fields.description!.split("\n") }));
      return { method: "POST", path: "/api/product/update", multipart: body, cookie: f.seller };
    },
  },
  {
    name: "POST /seller/products/:id/edit (no JS)",
    persona: "seller",
    status: 303,
    request: (f) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(f.product.fields)) body.set(name, value);
      return { method: "POST", path: `/seller/products/${f.product.id}/edit`, multipart: body, cookie: f.seller, document: true };
    },
  },
  {
    name: "POST /api/product/add (one image)",
    persona: "seller",
    status: 201,
    request: (f, i) => {
      const body = new FormData();
      body.set("productData", JSON.stringify({ ...f.product.fields, name: `Bench Apple ${f.run}-${i}`, description: ["Added by the CPU harness"] }));
      body.set("images", new Blob([f.image as Uint8Array<ArrayBuffer>], { type: "image/webp" }), "apple.webp");
      return { method: "POST", path: "/api/product/add", multipart: body, cookie: f.seller };
    },
  },
  { name: "POST /api/order/status", persona: "seller", status: 200, request: (f) => json("/api/order/status", { orderId: nextOrder(f), status: "Packed" }, f.seller) },
  { name: "POST /seller/orders (move, no JS)", persona: "seller", status: 303, request: (f) => form("/seller/orders", { intent: "move", orderId: nextOrder(f), status: "Packed" }, f.seller) },
  { name: "POST /seller/orders.data (move, JS)", persona: "seller", status: 200, request: (f) => form("/seller/orders.data", { intent: "move", orderId: nextOrder(f), status: "Packed" }, f.seller) },
  {
    name: "POST /api/stripe/webhook (paid)",
    persona: "Stripe",
    status: 200,
    request: (f) => {
      const session = f.nextStripeSession();
      if (!session) throw new Error("cpu-routes: no open Stripe session left for the webhook");
      return { method: "POST", path: "/api/stripe/webhook", json: { session } };
    },
  },

  // --- login and sign-up (password hashing; reported apart)
  { name: "POST /api/user/register", persona: "guest", password: "hashed", status: 201, request: (f, i) => json("/api/user/register", { name: "Bench Shopper", email: `new-${f.run}-${i}@bench.example`, password: PASSWORD }) },
  { name: "POST /api/user/login", persona: "guest", password: "hashed", status: 200, request: (f) => json("/api/user/login", { email: f.loginEmail, password: PASSWORD }) },
  { name: "POST /login (form, no JS)", persona: "guest", password: "hashed", status: 302, request: (f) => form("/login", { intent: "login", email: f.loginEmail, password: PASSWORD, redirectTo: "/" }) },
  { name: "POST /api/seller/login", persona: "guest", password: "compared", status: 200, request: () => json("/api/seller/login", sellerCredentials()) },
  { name: "POST /seller/login (form, no JS)", persona: "guest", password: "compared", status: 302, request: () => form("/seller/login", sellerCredentials()) },
];

let credentials: { email: string; password: string } | undefined;
export function setSellerCredentials(email: string, password: string) {
  credentials = { email, password };
}
function sellerCredentials() {
  if (!credentials) throw new Error("cpu-routes: seller credentials not set");
  return credentials;
}

/** The request as `fetch` takes it; webhook bodies are signed here, as Stripe signs them. */
export async function toFetch(f: Fixtures, r: CpuRequest): Promise<[string, RequestInit]> {
  const headers: Record<string, string> = { "accept-encoding": "identity" };
  if (r.cookie) headers.cookie = r.cookie;
  if (r.document) Object.assign(headers, { "sec-fetch-dest": "document", "sec-fetch-mode": "navigate", "sec-fetch-site": "same-origin" });
  let body: BodyInit | undefined;
  if (r.path === "/api/stripe/webhook") {
    const session = (r.json as { session: Record<string, unknown> }).session;
    const payload = JSON.stringify({
      id: `evt_${crypto.randomUUID().replace(/-/g, "")}`,
      object: "event",
      type: "checkout.session.completed",
      created: Math.floor(Date.now() / 1000),
      data: { object: { ...session, status: "complete", payment_status: "paid" } },
    });
    headers["content-type"] = "application/json";
    headers["stripe-signature"] = await signer.webhooks.generateTestHeaderStringAsync({ payload, secret: FAKE_STRIPE_WEBHOOK_SECRET });
    body = payload;
  } else if (r.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(r.json);
  } else if (r.form) {
    body = new URLSearchParams(r.form);
  } else if (r.multipart) {
    body = r.multipart;
  }
  return [`${f.origin}${r.path}`, { method: r.method ?? "GET", headers, body, redirect: "manual" }];
}
const signer = new Stripe(FAKE_STRIPE_SECRET_KEY);

async function call(origin: string, r: CpuRequest, expected: number): Promise<Response> {
  const [url, init] = await toFetch({ origin } as Fixtures, r);
  const response = await fetch(url, init);
  if (response.status !== expected) throw new Error(`${r.method ?? "GET"} ${r.path} answered ${response.status}, expected ${expected}: ${(await response.text()).slice(0, 300)}`);
  return response;
}

const sessionCookie = (response: Response, name: string) => {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`));
  if (!cookie) throw new Error(`no ${name} cookie was set`);
  return cookie.split(";")[0]!;
};

async function register(origin: string, email: string): Promise<string> {
  const response = await call(origin, json("/api/user/register", { name: "Bench Shopper", email, password: PASSWORD }), 201);
  return sessionCookie(response, "sid");
}

async function addAddress(origin: string, cookie: string): Promise<string> {
  const response = await call(origin, json("/api/address/add", { address: ADDRESS }, cookie), 201);
  return ((await response.json()) as { address: { _id: string } }).address._id;
}

async function placeOrder(origin: string, cookie: string, address: string): Promise<string> {
  const response = await call(origin, json("/api/order/cod", { items: ORDER_ITEMS, address }, cookie), 201);
  return ((await response.json()) as { orderId: string }).orderId;
}

/** Runs `count` tasks, `parallel` at a time. */
async function pool(count: number, parallel: number, task: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: parallel }, async () => {
    while (next < count) await task(next++);
  }));
}

/**
 * Makes what the routes need. `requestsPerRoute` (warm-up included) sizes the orders to move and
 * the shoppers who save addresses.
 */
export async function prepareFixtures(options: { origin: string; stripe: FakeStripe; seller: { email: string; password: string }; requestsPerRoute: number }): Promise<Fixtures> {
  const { origin } = options;
  const run = Date.now().toString(36);
  setSellerCredentials(options.seller.email, options.seller.password);

  const shopper = await register(origin, `shopper-${run}@bench.example`);
  const addresses = [await addAddress(origin, shopper), await addAddress(origin, shopper)];
  await call(origin, json("/api/cart/update", { cartItems: CART_ITEMS }, shopper), 200);
  for (let i = 0; i < 5; i++) await placeOrder(origin, shopper, addresses[i % 2]!);

  // Two address routes share the writers, each shopper saving at most ADDRESSES_PER_WRITER.
  const writerCount = Math.max(3, Math.ceil((2 * options.requestsPerRoute) / ADDRESSES_PER_WRITER) + 1);
  const writers: Fixtures["writers"] = [];
  for (let i = 0; i < writerCount; i++) {
    const cookie = await register(origin, `writer-${run}-${i}@bench.example`);
    writers.push({ cookie, address: await addAddress(origin, cookie) });
  }

  const seller = sessionCookie(await call(origin, json("/api/seller/login", options.seller), 200), "seller_sid");

  const guest = await call(origin, form("/cart?redirectTo=%2Fcart", { intent: "add", productId: PRODUCT }), 302);
  let guestCart = sessionCookie(guest, "cart");
  for (const [id, quantity] of Object.entries(CART_ITEMS)) {
    const set = await call(origin, form("/cart?redirectTo=%2Fcart", { intent: "set", productId: id, quantity: String(quantity) }, guestCart), 302);
    guestCart = sessionCookie(set, "cart");
  }

  // Three routes move an order each per request; the orders come from a shopper of their own.
  const placedOrders: string[] = [];
  await pool(3 * options.requestsPerRoute, 4, async () => {
    placedOrders.push(await placeOrder(origin, writers[writers.length - 1]!.cookie, writers[writers.length - 1]!.address));
  });

  // The product the seller edits keeps the demo catalogue's values: every update writes them again.
  const apple = SEED_PRODUCTS.find((p) => p.id === PRODUCT)!;
  const fields = { name: apple.name, description: apple.description.join("\n"), category: apple.category, price: String(apple.mrp), offerPrice: String(apple.price), weight: apple.weight, stock: "" };

  const emoji = join(dirname(createRequire(import.meta.url).resolve("@lobehub/fluent-emoji-3d/package.json")), "assets", `${apple.emoji}.webp`);
  const loginEmail = `login-${run}@bench.example`;
  await register(origin, loginEmail);

  // The webhook route pays the sessions the card-checkout route opened, one each.
  const paid = new Set<string>();
  const nextStripeSession = () => {
    const session = [...options.stripe.sessions.values()].find((s) => !paid.has(s.id));
    if (session) paid.add(session.id);
    return session as unknown as Record<string, unknown> | undefined;
  };

  return {
    origin,
    run,
    shopper,
    writers,
    seller,
    guestCart,
    placedOrders,
    nextStripeSession,
    stripe: options.stripe,
    product: { id: PRODUCT, fields },
    image: new Uint8Array(readFileSync(emoji)),
    loginEmail,
  };
}
