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
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, type FakeStripe } from "../scripts/fake-stripe.ts";
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
  /** A text/csv body (the catalogue import's API). */
  csv?: string;
  /** Posted by the browser itself, as a form without JavaScript is (Sec-Fetch-Dest: document). */
  document?: boolean;
};

export type CpuRoute = {
  /** As the tables show it: `GET /path` for the API, the page's path or what it does for pages. */
  name: string;
  persona: Persona;
  /** Login and sign-up, sent fewer times: a shopper's password is hashed (scrypt, ~30 ms); the seller's secret is compared by digest. */
  password?: "hashed" | "compared";
  /** The status every answer must have; anything else stops the run. */
  status: number;
  /** The i-th request of this route (a fresh one each time: writes need fresh data). */
  request: (f: Fixtures, i: number) => CpuRequest;
  /** Sent before each request, unmeasured: what the request needs in place (the cart a checkout places). */
  prepare?: (f: Fixtures, i: number) => CpuRequest;
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
/** The demo store's settings (worker/services/store-settings.ts's defaults), as the API and the Settings form send them. */
const SETTINGS = {
  state: "Karnataka",
  expressPincodes: ["560001", "560002", "560008", "560025", "560027", "560034", "560038", "560095"].map((pincode) => ({ pincode, etaMinutes: 30 })),
  standardMinDays: 2,
  standardMaxDays: 7,
  taxPercent: 2,
  contact: {
    email: "support@greenbasket.example",
    phone: "+91 80000 00000",
    hours: "every day from 7 am to 11 pm",
    legalName: "GreenBasket Retail Pvt. Ltd.",
    office: "12 Market Road\nBengaluru, Karnataka 560001\nIndia",
    gstin: null,
  },
};
const SETTINGS_FORM: Record<string, string> = {
  state: SETTINGS.state,
  expressPincodes: SETTINGS.expressPincodes.map((e) => `${e.pincode} ${e.etaMinutes}`).join("\n"),
  standardMinDays: String(SETTINGS.standardMinDays),
  standardMaxDays: String(SETTINGS.standardMaxDays),
  taxPercent: String(SETTINGS.taxPercent),
  contactEmail: SETTINGS.contact.email,
  contactPhone: SETTINGS.contact.phone,
  contactHours: SETTINGS.contact.hours,
  contactOffice: SETTINGS.contact.office,
  contactLegalName: SETTINGS.contact.legalName,
  contactGstin: "",
};
const PASSWORD = "bench-password-2026";
/** Addresses one shopper may save (MAX_ADDRESSES is 50), less the one each gets at the start. */
const ADDRESSES_PER_WRITER = 45;

const json = (path: string, body: unknown, cookie?: string): CpuRequest => ({ method: "POST", path, json: body, cookie });
const form = (path: string, fields: Record<string, string>, cookie?: string): CpuRequest => ({
  method: "POST",
  path,
  form: fields,
  cookie,
  document: !path.includes(".data"),
});

export type Fixtures = {
  origin: string;
  run: string;
  /** Signed in, with 2 addresses, 3 products in the cart and 5 orders of 3 products: the pages measured. */
  shopper: string;
  /** The shopper's two addresses (the address book's routes edit them and switch the default). */
  shopperAddresses: string[];
  /** One of that shopper's orders (its order page, invoice, Order again). */
  shopperOrder: string;
  /** Signed-in shoppers who place orders and save addresses; each has one address. */
  writers: { cookie: string; address: string }[];
  /** Addresses the delete routes take, one per request, with the session of the shopper who saved it. */
  spareAddresses: { cookie: string; id: string }[];
  seller: string;
  /** A guest's cart cookie with the same 3 products. */
  guestCart: string;
  /** COD orders waiting to be packed (all of the last writer's), taken one per status move or cancellation. */
  placedOrders: string[];
  /** Card orders paid and then cancelled by the seller, taken one per refund mark (ADR 044), so the list of refunds due has rows. */
  refundDueOrders: string[];
  /** The next checkout session the card-checkout route opened and no webhook has paid yet. */
  nextStripeSession: () => Record<string, unknown> | undefined;
  stripe: FakeStripe;
  product: { id: string; fields: Record<string, string> };
  image: Uint8Array;
  /** A shopper whose password is PASSWORD, for the login routes. */
  loginEmail: string;
  /** The import page showing the preview of a one-row file (staged for an hour). */
  importPreview: string;
};

/**
 * A one-row import of the product the seller edits: its weight alternates (a change to write on
 * every request); the columns left out keep their values. `POST /api/product/update` writes the
 * demo values back.
 */
function importCsv(product: Fixtures["product"], i: number): string {
  const { name, category, price, offerPrice, weight } = product.fields;
  return `id,name,category,price,offer_price,weight\n${product.id},${name},${category},${price},${offerPrice},${weight}${i % 2 === 0 ? " pack" : ""}\n`;
}

/** Takes the next placed order, or fails the run with what to change. */
function nextOrder(f: Fixtures): string {
  const id = f.placedOrders.pop();
  if (!id) throw new Error("cpu-routes: no placed order left to move; prepareFixtures places too few for this many requests");
  return id;
}

/** Takes the next order whose refund is due, or fails the run with what to change. */
function nextRefundDue(f: Fixtures): string {
  if (f.refundDueOrders.length < 1) throw new Error("cpu-routes: no refund-due order left; prepareFixtures makes too few for this many requests");
  return f.refundDueOrders.pop()!;
}

const writer = (f: Fixtures, i: number) => f.writers[Math.floor(i / ADDRESSES_PER_WRITER) % f.writers.length]!;

/** Takes the next spare address, or fails the run with what to change. */
function nextSpare(f: Fixtures): { cookie: string; id: string } {
  const spare = f.spareAddresses.shift();
  if (!spare) throw new Error("cpu-routes: no spare address left to delete; prepareFixtures saves too few for this many requests");
  return spare;
}

/** The routes, in the order each round requests them (the orders placed early in a round are moved later). */
export const CPU_ROUTES: CpuRoute[] = [
  // --- a guest: the catalogue rendered (a cookie that is no session keeps the edge cache out), the info pages
  ...(
    [
      ["/", "/"],
      ["/products", "/products"],
      ["/products/fruits", "/products/fruits"],
      ["search rice", "/products?search=rice"],
      ["search with a typo (aple)", "/products?search=aple"],
      ["search a synonym (aloo)", "/products?search=aloo"],
      ["/products sorted by price", "/products?sort=price-asc"],
      ["/products filtered and sorted (Fruits, discount)", "/products?category=Fruits&sort=discount"],
      ["GET /api/product/suggest?q=aple", "/api/product/suggest?q=aple"],
      ["product page", PRODUCT_PATH],
      ["/products.data (client navigation)", "/products.data"],
      ["/login", "/login"],
      ["/contact-us", "/contact-us"],
      ["/privacy-policy", "/privacy-policy"],
      ["/terms-and-conditions", "/terms-and-conditions"],
      ["/cancellation-refund", "/cancellation-refund"],
      ["/shipping-delivery", "/shipping-delivery"],
      ["/loader (after Stripe)", "/loader?next=my-orders"],
      ["/delivery", "/delivery"],
      ["/seller (login form)", "/seller"],
      ["/sitemap.xml (index)", "/sitemap.xml"],
      ["/sitemaps/pages.xml", "/sitemaps/pages.xml"],
      ["/sitemaps/products-1.xml (1,000 at scale)", "/sitemaps/products-1.xml"],
      ["/robots.txt", "/robots.txt"],
    ] as const
  ).map(([name, path]): CpuRoute => ({
    name,
    persona: "guest",
    status: name.startsWith("/seller") ? 401 : 200,
    request: () => ({ path, cookie: UNCACHED_COOKIE }),
  })),
  { name: "404 page", persona: "guest", status: 404, request: () => ({ path: "/no-such-page", cookie: UNCACHED_COOKIE }) },
  { name: "/seller/login (login page)", persona: "guest", status: 200, request: () => ({ path: "/seller/login", cookie: UNCACHED_COOKIE }) },
  { name: "/contact (redirect)", persona: "guest", status: 301, request: () => ({ path: "/contact", cookie: UNCACHED_COOKIE }) },
  { name: "/cart", persona: "guest", status: 200, request: (f) => ({ path: "/cart", cookie: f.guestCart }) },
  {
    name: "POST /cart (add, no JS)",
    persona: "guest",
    status: 303,
    request: (f) => form("/cart?redirectTo=%2Fproducts", { intent: "set", productId: PRODUCT, quantity: "3" }, f.guestCart),
  },
  {
    name: "POST /delivery (pincode, no JS)",
    persona: "guest",
    status: 303,
    request: (_f, i) => form("/delivery", { pincode: i % 2 ? "560001" : "400001", redirectTo: "/products" }),
  },
  { name: "POST /delivery.data (pincode, JS)", persona: "guest", status: 200, request: () => form("/delivery.data", { pincode: "560100" }) },
  { name: "POST / (newsletter, no JS)", persona: "guest", status: 303, request: (f, i) => form("/?index", { email: `page-${f.run}-${i}@bench.example` }) },
  { name: "GET /api/product/list?limit=20", persona: "guest", status: 200, request: () => ({ path: "/api/product/list?limit=20", cookie: UNCACHED_COOKIE }) },
  // The spec's clients ask for the whole catalogue (up to 500 products): rendered, and from the edge cache.
  { name: "GET /api/product/list (whole, rendered)", persona: "guest", status: 200, request: () => ({ path: "/api/product/list", cookie: UNCACHED_COOKIE }) },
  { name: "GET /api/product/list (whole, edge cache)", persona: "guest", status: 200, request: () => ({ path: "/api/product/list" }) },
  {
    name: "GET /api/product/list?category&search",
    persona: "guest",
    status: 200,
    request: () => ({ path: "/api/product/list?category=grains&search=rice", cookie: UNCACHED_COOKIE }),
  },
  { name: "GET /api/product/suggest (edge cache)", persona: "guest", status: 200, request: () => ({ path: "/api/product/suggest?q=doodh" }) },
  {
    name: "POST /api/newsletter/subscribe",
    persona: "guest",
    status: 201,
    request: (f, i) => json("/api/newsletter/subscribe", { email: `api-${f.run}-${i}@bench.example` }),
  },

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
      ["/addresses", "/addresses"],
      ["GET /api/user/is-auth", "/api/user/is-auth"],
      ["GET /api/order/user", "/api/order/user"],
    ] as const
  ).map(([name, path]): CpuRoute => ({ name, persona: "shopper", status: 200, request: (f) => ({ path, cookie: f.shopper }) })),
  ...(
    [
      ["/my-orders/:id (order page)", ""],
      ["/my-orders/:id.data (revalidation)", ".data"],
      ["/my-orders/:id/invoice", "/invoice"],
      ["/my-orders/:id/cancel (confirmation, no JS)", "/cancel"],
    ] as const
  ).map(([name, suffix]): CpuRoute => ({
    name,
    persona: "shopper",
    status: 200,
    request: (f) => ({ path: `/my-orders/${f.shopperOrder}${suffix}`, cookie: f.shopper }),
  })),
  { name: "GET /api/order/user/:id", persona: "shopper", status: 200, request: (f) => ({ path: `/api/order/user/${f.shopperOrder}`, cookie: f.shopper }) },
  { name: "POST /api/order/again", persona: "shopper", status: 200, request: (f) => json("/api/order/again", { orderId: f.shopperOrder }, f.shopper) },
  { name: "POST /my-orders/:id/again (no JS)", persona: "shopper", status: 303, request: (f) => form(`/my-orders/${f.shopperOrder}/again`, {}, f.shopper) },
  {
    name: "POST /api/order/cancel (with a reason)",
    persona: "shopper",
    status: 200,
    request: (f) => json("/api/order/cancel", { orderId: nextOrder(f), reason: "Ordered by mistake" }, f.writers[f.writers.length - 1]!.cookie),
  },
  {
    name: "POST /my-orders/:id/cancel (no JS)",
    persona: "shopper",
    status: 303,
    request: (f) => {
      const orderId = nextOrder(f);
      return form(`/my-orders/${orderId}/cancel`, { reason: "Delivery is too slow" }, f.writers[f.writers.length - 1]!.cookie);
    },
  },
  { name: "POST /api/address/get", persona: "shopper", status: 200, request: (f) => json("/api/address/get", {}, f.shopper) },
  { name: "/addresses/:id/edit", persona: "shopper", status: 200, request: (f) => ({ path: `/addresses/${f.shopperAddresses[0]}/edit`, cookie: f.shopper }) },
  // The shopper's two addresses take turns as the default; the edit writes the same fields again.
  {
    name: "POST /api/address/default",
    persona: "shopper",
    status: 200,
    request: (f, i) => json("/api/address/default", { id: f.shopperAddresses[i % 2] }, f.shopper),
  },
  {
    name: "POST /addresses (default, no JS)",
    persona: "shopper",
    status: 303,
    request: (f, i) => form("/addresses", { intent: "default", id: f.shopperAddresses[i % 2]! }, f.shopper),
  },
  {
    name: "POST /api/address/update",
    persona: "shopper",
    status: 200,
    request: (f) => json("/api/address/update", { id: f.shopperAddresses[1], address: ADDRESS }, f.shopper),
  },
  {
    name: "POST /addresses/:id/edit (no JS)",
    persona: "shopper",
    status: 303,
    request: (f) => form(`/addresses/${f.shopperAddresses[1]}/edit`, ADDRESS, f.shopper),
  },
  {
    name: "POST /api/address/delete",
    persona: "shopper",
    status: 200,
    request: (f) => {
      const spare = nextSpare(f);
      return json("/api/address/delete", { id: spare.id }, spare.cookie);
    },
  },
  {
    name: "POST /addresses (delete, no JS)",
    persona: "shopper",
    status: 303,
    request: (f) => {
      const spare = nextSpare(f);
      return form("/addresses", { intent: "delete", id: spare.id }, spare.cookie);
    },
  },
  { name: "POST /api/cart/update", persona: "shopper", status: 200, request: (f) => json("/api/cart/update", { cartItems: CART_ITEMS }, f.writers[0]!.cookie) },
  {
    name: "POST /cart (set quantity, no JS)",
    persona: "shopper",
    status: 303,
    request: (f) => form("/cart?redirectTo=%2Fcart", { intent: "set", productId: PRODUCT, quantity: "2" }, f.writers[0]!.cookie),
  },
  {
    name: "POST /api/address/add",
    persona: "shopper",
    status: 201,
    request: (f, i) => json("/api/address/add", { address: ADDRESS }, writer(f, 2 * i).cookie),
  },
  { name: "POST /add-address (no JS)", persona: "shopper", status: 303, request: (f, i) => form("/add-address", ADDRESS, writer(f, 2 * i + 1).cookie) },
  {
    name: "POST /api/order/cod",
    persona: "shopper",
    status: 201,
    request: (f) => json("/api/order/cod", { items: ORDER_ITEMS, address: f.writers[0]!.address }, f.writers[0]!.cookie),
  },
  {
    name: "POST /cart?checkout (COD, no JS)",
    persona: "shopper",
    status: 303,
    // The cart page posts the saved cart, which each order by cash empties (a stale tab's post of an emptied cart is refused).
    prepare: (f) =>
      json("/api/cart/update", { cartItems: Object.fromEntries(ORDER_ITEMS.map(({ product, quantity }) => [product, quantity])) }, f.writers[1]!.cookie),
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
      ["/seller/settings", "/seller/settings"],
      ["/seller/orders (search a name)", "/seller/orders?q=asha"],
      ["/seller/orders (search a phone, COD, unpaid)", "/seller/orders?q=98765&method=cod&paid=unpaid"],
      ["/seller/orders (a week, card)", "/seller/orders?from=2026-01-01&to=2026-01-07&method=card"],
      ["/seller/orders.data (revalidation)", "/seller/orders.data"],
      ["/seller/orders/waiting.data (badge)", "/seller/orders/waiting.data"],
      ["/seller/orders (refunds due)", "/seller/orders?status=Cancelled&paid=refund"],
      ["/seller/dashboard", "/seller/dashboard"],
      ["/seller/dashboard.data (refresh)", "/seller/dashboard.data"],
      ["GET /api/seller/dashboard", "/api/seller/dashboard"],
      ["GET /api/seller/is-auth", "/api/seller/is-auth"],
      ["GET /api/seller/settings", "/api/seller/settings"],
      ["GET /api/product/seller-list", "/api/product/seller-list"],
      ["GET /api/order/seller", "/api/order/seller"],
      ["/seller/search-words", "/seller/search-words"],
      ["GET /api/seller/search-words", "/api/seller/search-words"],
    ] as const
  ).map(([name, path]): CpuRoute => ({ name, persona: "seller", status: 200, request: (f) => ({ path, cookie: f.seller }) })),
  // A new word per request, removed again by the route after it (the same i, the same round).
  {
    name: "POST /api/seller/search-words",
    persona: "seller",
    status: 201,
    request: (f, i) => json("/api/seller/search-words", { term: `bench ${f.run} ${i}`, meaning: "potato" }, f.seller),
  },
  {
    name: "POST /api/seller/search-words/delete",
    persona: "seller",
    status: 200,
    request: (f, i) => json("/api/seller/search-words/delete", { term: `bench ${f.run} ${i}` }, f.seller),
  },
  {
    name: "POST /seller/search-words (add, no JS)",
    persona: "seller",
    status: 303,
    request: (f) => form("/seller/search-words", { intent: "add", term: "aloo", meaning: "potato" }, f.seller),
  },
  // Out of stock on even requests, back in stock on odd ones: every product is in stock after a round.
  {
    name: "POST /api/product/stock",
    persona: "seller",
    status: 200,
    request: (f, i) => json("/api/product/stock", { id: PRODUCT, inStock: i % 2 === 1 }, f.seller),
  },
  {
    name: "POST /seller/product-list (stock, no JS)",
    persona: "seller",
    status: 303,
    request: (f, i) => form("/seller/product-list", { intent: "stock", id: PRODUCT, inStock: String(i % 2 === 1) }, f.seller),
  },
  // With JavaScript the switch posts through a fetcher: the action alone, as data (the page's data is asked for next, as below).
  {
    name: "POST /seller/product-list.data (stock, JS)",
    persona: "seller",
    status: 200,
    request: (f, i) => form("/seller/product-list.data", { intent: "stock", id: PRODUCT, inStock: String(i % 2 === 1) }, f.seller),
  },
  {
    name: "/seller/product-list.data (after a change)",
    persona: "seller",
    status: 200,
    request: (f) => ({ path: "/seller/product-list.data", cookie: f.seller }),
  },
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
  // The store's settings saved again as they are (each save refreshes the cached catalogue, as a product edit does).
  { name: "POST /api/seller/settings", persona: "seller", status: 200, request: (f) => json("/api/seller/settings", SETTINGS, f.seller) },
  { name: "POST /seller/settings (no JS)", persona: "seller", status: 303, request: (f) => form("/seller/settings", SETTINGS_FORM, f.seller) },
  // --- the catalogue in bulk (ADR 038): the import page and its preview, the export's page, bulk stock
  { name: "/seller/products/import", persona: "seller", status: 200, request: (f) => ({ path: "/seller/products/import", cookie: f.seller }) },
  { name: "/seller/products/import?preview (one row)", persona: "seller", status: 200, request: (f) => ({ path: f.importPreview, cookie: f.seller }) },
  {
    name: "POST /seller/products/import (preview, no JS)",
    persona: "seller",
    status: 303,
    request: (f, i) => {
      const body = new FormData();
      body.set("intent", "preview");
      body.set("file", new Blob([importCsv(f.product, i)], { type: "text/csv" }), "products.csv");
      return { method: "POST", path: "/seller/products/import", multipart: body, cookie: f.seller, document: true };
    },
  },
  {
    name: "POST /api/product/import/preview",
    persona: "seller",
    status: 200,
    request: (f, i) => ({ method: "POST", path: "/api/product/import/preview", csv: importCsv(f.product, i), cookie: f.seller }),
  },
  {
    name: "POST /api/product/import (one row)",
    persona: "seller",
    status: 200,
    request: (f, i) => ({ method: "POST", path: "/api/product/import", csv: importCsv(f.product, i), cookie: f.seller }),
  },
  { name: "GET /api/product/export (a page)", persona: "seller", status: 200, request: (f) => ({ path: "/api/product/export", cookie: f.seller }) },
  // Without JavaScript (ADR 045): the import page listing the export's parts, and a part as a file of its own.
  {
    name: "/seller/products/import?export=files (no JS)",
    persona: "seller",
    status: 200,
    request: (f) => ({ path: "/seller/products/import?export=files", cookie: f.seller }),
  },
  {
    name: "GET /api/product/export?part=1 (a part)",
    persona: "seller",
    status: 200,
    request: (f) => ({ path: "/api/product/export?part=1", cookie: f.seller }),
  },
  // Out of stock on even requests, back in stock on odd ones, as the single switch above.
  {
    name: "POST /api/product/bulk-stock",
    persona: "seller",
    status: 200,
    request: (f, i) => json("/api/product/bulk-stock", { ids: [PRODUCT], set: i % 2 === 1 ? "in-stock" : "out-of-stock" }, f.seller),
  },
  {
    name: "POST /seller/product-list (bulk stock, no JS)",
    persona: "seller",
    status: 303,
    request: (f, i) => form("/seller/product-list", { intent: "bulk", ids: PRODUCT, set: i % 2 === 1 ? "in-stock" : "out-of-stock" }, f.seller),
  },
  {
    name: "POST /api/order/status",
    persona: "seller",
    status: 200,
    request: (f) => json("/api/order/status", { orderId: nextOrder(f), status: "Packed" }, f.seller),
  },
  {
    name: "POST /seller/orders (move, no JS)",
    persona: "seller",
    status: 303,
    request: (f) => form("/seller/orders", { intent: "move", orderId: nextOrder(f), status: "Packed" }, f.seller),
  },
  {
    name: "POST /seller/orders.data (move, JS)",
    persona: "seller",
    status: 200,
    request: (f) => form("/seller/orders.data", { intent: "move", orderId: nextOrder(f), status: "Packed" }, f.seller),
  },
  ...(
    [
      ["/seller/orders/:id/invoice", "invoice"],
      ["/seller/orders/:id/packing-slip", "packing-slip"],
      ["/seller/orders/:id/cancel (confirmation, no JS)", "cancel"],
    ] as const
  ).map(([name, page]): CpuRoute => ({
    name,
    persona: "seller",
    status: 200,
    request: (f) => ({ path: `/seller/orders/${f.shopperOrder}/${page}`, cookie: f.seller }),
  })),
  {
    name: "POST /seller/orders/:id/cancel (no JS)",
    persona: "seller",
    status: 303,
    request: (f) => form(`/seller/orders/${nextOrder(f)}/cancel`, { reason: "Other", note: "Cancelled by the CPU harness" }, f.seller),
  },
  // --- refunds (ADR 044): a mark through the API, and on the orders page without and with JavaScript
  { name: "POST /api/order/refunded", persona: "seller", status: 200, request: (f) => json("/api/order/refunded", { orderId: nextRefundDue(f) }, f.seller) },
  {
    name: "POST /seller/orders (refunded, no JS)",
    persona: "seller",
    status: 303,
    request: (f) => form("/seller/orders", { intent: "refunded", orderId: nextRefundDue(f) }, f.seller),
  },
  {
    name: "POST /seller/orders.data (refunded, JS)",
    persona: "seller",
    status: 200,
    request: (f) => form("/seller/orders.data", { intent: "refunded", orderId: nextRefundDue(f) }, f.seller),
  },
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
  {
    name: "POST /api/user/register",
    persona: "guest",
    password: "hashed",
    status: 201,
    request: (f, i) => json("/api/user/register", { name: "Bench Shopper", email: `new-${f.run}-${i}@bench.example`, password: PASSWORD }),
  },
  {
    name: "POST /api/user/login",
    persona: "guest",
    password: "hashed",
    status: 200,
    request: (f) => json("/api/user/login", { email: f.loginEmail, password: PASSWORD }),
  },
  {
    name: "POST /login (form, no JS)",
    persona: "guest",
    password: "hashed",
    status: 303,
    request: (f) => form("/login", { intent: "login", email: f.loginEmail, password: PASSWORD, redirectTo: "/" }),
  },
  { name: "POST /api/seller/login", persona: "guest", password: "compared", status: 200, request: () => json("/api/seller/login", sellerCredentials()) },
  { name: "POST /seller/login (form, no JS)", persona: "guest", password: "compared", status: 303, request: () => form("/seller/login", sellerCredentials()) },
];

let credentials: { email: string; password: string } | undefined;
export function setSellerCredentials(email: string, password: string) {
  credentials = { email, password };
}
function sellerCredentials() {
  if (!credentials) throw new Error("cpu-routes: seller credentials not set");
  return credentials;
}

let clients = 0;
/** A client address of its own for each request (a /64 of the documentation range): the store's per-address brakes (ADR 065) would otherwise stop the bench's sign-ups and logins. */
const nextClientAddress = () => `2001:db8:${((++clients >> 16) & 0xffff).toString(16)}:${(clients & 0xffff).toString(16)}::1`;

/** The request as `fetch` takes it; webhook bodies are signed here, as Stripe signs them. */
export async function toFetch(f: Fixtures, r: CpuRequest): Promise<[string, RequestInit]> {
  const headers: Record<string, string> = { "accept-encoding": "identity", "cf-connecting-ip": nextClientAddress() };
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
  } else if (r.csv !== undefined) {
    headers["content-type"] = "text/csv";
    body = r.csv;
  }
  return [`${f.origin}${r.path}`, { method: r.method ?? "GET", headers, body, redirect: "manual" }];
}
const signer = new Stripe(FAKE_STRIPE_SECRET_KEY);

/** Builds before 2026-11-29 redirected some form posts with 302, now 303: `--compare` may measure one. */
export const answeredAsExpected = (status: number, expected: number) => status === expected || (expected === 303 && status === 302);

async function call(origin: string, r: CpuRequest, expected: number): Promise<Response> {
  const [url, init] = await toFetch({ origin } as Fixtures, r);
  const response = await fetch(url, init);
  if (!answeredAsExpected(response.status, expected))
    throw new Error(`${r.method ?? "GET"} ${r.path} answered ${response.status}, expected ${expected}: ${(await response.text()).slice(0, 300)}`);
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
async function pool(count: number, parallel: number, task: (i: number, worker: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async (_, worker) => {
      while (next < count) await task(next++, worker);
    }),
  );
}

/**
 * Makes what the routes need. `requestsPerRoute` (warm-up included) sizes the orders to move and
 * the shoppers who save addresses.
 */
export async function prepareFixtures(options: {
  origin: string;
  stripe: FakeStripe;
  seller: { email: string; password: string };
  requestsPerRoute: number;
}): Promise<Fixtures> {
  const { origin } = options;
  const run = Date.now().toString(36);
  setSellerCredentials(options.seller.email, options.seller.password);

  const shopper = await register(origin, `shopper-${run}@bench.example`);
  const addresses = [await addAddress(origin, shopper), await addAddress(origin, shopper)];
  await call(origin, json("/api/cart/update", { cartItems: CART_ITEMS }, shopper), 200);
  const shopperOrders: string[] = [];
  for (let i = 0; i < 5; i++) shopperOrders.push(await placeOrder(origin, shopper, addresses[i % 2]!));

  // Two address routes share the writers, each shopper saving at most ADDRESSES_PER_WRITER.
  const writerCount = Math.max(3, Math.ceil((2 * options.requestsPerRoute) / ADDRESSES_PER_WRITER) + 1);
  const writers: Fixtures["writers"] = [];
  for (let i = 0; i < writerCount; i++) {
    const cookie = await register(origin, `writer-${run}-${i}@bench.example`);
    writers.push({ cookie, address: await addAddress(origin, cookie) });
  }

  // Two delete routes take one address each per request, from shoppers of their own.
  const spareAddresses: Fixtures["spareAddresses"] = [];
  for (let i = 0; spareAddresses.length < 2 * options.requestsPerRoute; i++) {
    const cookie = await register(origin, `deleter-${run}-${i}@bench.example`);
    const count = Math.min(ADDRESSES_PER_WRITER, 2 * options.requestsPerRoute - spareAddresses.length);
    await pool(count, 4, async () => {
      spareAddresses.push({ cookie, id: await addAddress(origin, cookie) });
    });
  }

  const seller = sessionCookie(await call(origin, json("/api/seller/login", options.seller), 200), "seller_sid");

  const guest = await call(origin, form("/cart?redirectTo=%2Fcart", { intent: "add", productId: PRODUCT }), 303);
  let guestCart = sessionCookie(guest, "cart");
  for (const [id, quantity] of Object.entries(CART_ITEMS)) {
    const set = await call(origin, form("/cart?redirectTo=%2Fcart", { intent: "set", productId: id, quantity: String(quantity) }, guestCart), 303);
    guestCart = sessionCookie(set, "cart");
  }

  // Six routes move or cancel an order each per request; the orders come from a shopper of their own.
  const placedOrders: string[] = [];
  await pool(6 * options.requestsPerRoute, 4, async () => {
    placedOrders.push(await placeOrder(origin, writers[writers.length - 1]!.cookie, writers[writers.length - 1]!.address));
  });

  // The product the seller edits keeps the demo catalogue's values: every update writes them again.
  const apple = SEED_PRODUCTS.find((p) => p.id === PRODUCT)!;
  const fields = {
    name: apple.name,
    description: apple.description.join("\n"),
    category: apple.category,
    price: String(apple.mrp),
    offerPrice: String(apple.price),
    weight: apple.weight,
    stock: "",
  };

  const emoji = join(dirname(createRequire(import.meta.url).resolve("@lobehub/fluent-emoji-3d/package.json")), "assets", `${apple.emoji}.webp`);
  const loginEmail = `login-${run}@bench.example`;
  await register(origin, loginEmail);

  // The webhook route pays the sessions the card-checkout route opened, one each.
  const paid = new Set<string>();
  // Three routes mark a refund each per request: card orders paid through the webhook, then cancelled by the seller.
  const refundDueOrders: string[] = [];
  // One shopper per worker: a shopper's new card order replaces their card orders still unpaid (ADR 054).
  const refunders: Fixtures["writers"] = [];
  for (let i = 0; i < 4; i++) {
    const cookie = await register(origin, `refunder-${run}-${i}@bench.example`);
    refunders.push({ cookie, address: await addAddress(origin, cookie) });
  }
  await pool(3 * options.requestsPerRoute + 1, refunders.length, async (_, worker) => {
    const refunder = refunders[worker]!;
    const placed = await call(origin, json("/api/order/stripe", { items: ORDER_ITEMS, address: refunder.address }, refunder.cookie), 201);
    const { orderId } = (await placed.json()) as { orderId: string };
    const session = [...options.stripe.sessions.values()].find((s) => s.client_reference_id === orderId)!;
    paid.add(session.id);
    await call(origin, { method: "POST", path: "/api/stripe/webhook", json: { session } }, 200);
    await call(origin, json("/api/order/status", { orderId, status: "Cancelled", reason: "Payment problem" }, seller), 200);
    refundDueOrders.push(orderId);
  });
  const nextStripeSession = () => {
    const session = [...options.stripe.sessions.values()].find((s) => !paid.has(s.id));
    if (session) paid.add(session.id);
    return session as unknown as Record<string, unknown> | undefined;
  };

  const staging = new FormData();
  staging.set("intent", "preview");
  staging.set("file", new Blob([importCsv({ id: PRODUCT, fields }, 1)], { type: "text/csv" }), "products.csv");
  const staged = await call(origin, { method: "POST", path: "/seller/products/import", multipart: staging, cookie: seller, document: true }, 303);
  const importPreview = staged.headers.get("location");
  if (!importPreview?.includes("?preview=")) throw new Error(`cpu-routes: the import page did not stage the file (${importPreview})`);

  return {
    importPreview,
    origin,
    run,
    shopper,
    shopperAddresses: addresses,
    shopperOrder: shopperOrders[0]!,
    writers,
    spareAddresses,
    seller,
    guestCart,
    placedOrders,
    refundDueOrders,
    nextStripeSession,
    stripe: options.stripe,
    product: { id: PRODUCT, fields },
    image: new Uint8Array(readFileSync(emoji)),
    loginEmail,
  };
}
