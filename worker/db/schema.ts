/**
 * The relational model of the whole store (D1 / SQLite).
 *
 * Conventions:
 * - ids are text, generated in code (crypto.randomUUID) so a D1 batch can refer to them;
 * - money is integer paise (₹1 = 100 paise);
 * - times are unix milliseconds;
 * - lists and snapshots that are only ever read whole are JSON text columns.
 *
 * Migrations are generated from this file by drizzle-kit (`npm run db:generate`).
 */
import { relations, sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
// Relative, not an alias: drizzle-kit reads this file outside Vite.
import { CANCELLED_BY, ORDER_STATUSES, PAYMENT_STATES, type OrderStatus } from "../../shared/order-status";

/**
 * A product's discount off its MRP in basis points, as the shop's "Discount" sort orders it. Written
 * without table names so that the index on it and the queries ordering by it are the same text:
 * SQLite only uses an index on an expression for that exact expression.
 */
export const PRODUCT_DISCOUNT_SQL = sql.raw("((price_paise - offer_price_paise) * 10000 / price_paise)");

export const products = sqliteTable(
  "products",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** Category path as in shared/categories.ts, e.g. "Vegetables". */
    category: text("category").notNull(),
    /** One bullet per line. */
    description: text("description", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    /** MRP, shown struck through. */
    pricePaise: integer("price_paise").notNull(),
    /** The selling price. */
    offerPricePaise: integer("offer_price_paise").notNull(),
    /** R2 object keys, first one is the main image. */
    images: text("images", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    /**
     * On sale. Never written by the code: triggers derive it (ADR 019) as "not switched off by the
     * seller, and counted stock above zero or not counted".
     */
    inStock: integer("in_stock", { mode: "boolean" }).notNull().default(true),
    /** Counted stock; NULL means "not counted" (the seller's switch alone decides). */
    stock: integer("stock"),
    /** The seller switched the product off by hand: it stays off whatever the count does. */
    switchedOff: integer("switched_off", { mode: "boolean" }).notNull().default(false),
    weight: text("weight"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("products_listing_idx").on(t.inStock, t.createdAt, t.id),
    index("products_category_idx").on(t.category, t.inStock, t.createdAt, t.id),
    index("products_seller_idx").on(t.createdAt, t.id),
    // The shop's sorts (ADR 030): a page by price or discount walks these, with or without a category.
    index("products_price_idx").on(t.inStock, t.offerPricePaise),
    index("products_category_price_idx").on(t.category, t.inStock, t.offerPricePaise),
    index("products_discount_idx").on(t.inStock, PRODUCT_DISCOUNT_SQL),
    index("products_category_discount_idx").on(t.category, t.inStock, PRODUCT_DISCOUNT_SQL),
    // A search that names a category lists its products in rowid order from a cursor (ADR 030): the
    // rowid is this index's hidden last column, so a page reads a page of entries, not the category.
    index("products_category_rowid_idx").on(t.category),
    // The dashboard's low-stock and sold-out lists: only counted products are in it (ADR 036).
    index("products_stock_idx")
      .on(t.stock, t.updatedAt)
      .where(sql`${t.stock} IS NOT NULL`),
    check("products_price_positive", sql`${t.pricePaise} > 0`),
    check("products_offer_in_range", sql`${t.offerPricePaise} > 0 AND ${t.offerPricePaise} <= ${t.pricePaise}`),
    check("products_stock_not_negative", sql`${t.stock} IS NULL OR ${t.stock} >= 0`),
  ],
);

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** Normalised: trimmed and lower-case. */
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    /** Product id → quantity. */
    cartItems: text("cart_items", { mode: "json" })
      .$type<Record<string, number>>()
      .notNull()
      .default(sql`'{}'`),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email)],
);

export const addresses = sqliteTable(
  "addresses",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    street: text("street").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    zipCode: text("zip_code").notNull(),
    country: text("country").notNull(),
    phone: text("phone").notNull(),
    /** The shopper's default address: preselected at checkout, and its PIN is the top bar's "Deliver to". */
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("addresses_user_idx").on(t.userId, t.createdAt),
    // At most one default per shopper, kept by the database whatever the order of writes.
    uniqueIndex("addresses_one_default_per_user")
      .on(t.userId)
      .where(sql`${t.isDefault} = 1`),
  ],
);

/** The delivery address as it was when the order was placed. */
export type AddressSnapshot = Omit<typeof addresses.$inferSelect, "userId" | "createdAt" | "isDefault">;
export type StatusChange = { status: OrderStatus; at: number };

export const orders = sqliteTable(
  "orders",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    subtotalPaise: integer("subtotal_paise").notNull(),
    taxPaise: integer("tax_paise").notNull(),
    /** The tax rate charged, in basis points (200 = 2%): the store's setting when the order was placed. */
    taxBasisPoints: integer("tax_basis_points").notNull().default(200),
    amountPaise: integer("amount_paise").notNull(),
    address: text("address", { mode: "json" }).$type<AddressSnapshot>().notNull(),
    paymentType: text("payment_type", { enum: ["COD", "Online"] }).notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("Order Placed"),
    statusHistory: text("status_history", { mode: "json" }).$type<StatusChange[]>().notNull(),
    isPaid: integer("is_paid", { mode: "boolean" }).notNull().default(false),
    paymentState: text("payment_state", { enum: PAYMENT_STATES }).notNull().default("pending"),
    stripeSessionId: text("stripe_session_id"),
    /** Set once a cancelled order's counted stock went back on the shelf (never twice). */
    stockReturned: integer("stock_returned", { mode: "boolean" }).notNull().default(false),
    /** Client-chosen key per checkout attempt: a replayed Place Order returns the first order. */
    idempotencyKey: text("idempotency_key"),
    /**
     * Why a cancelled order was cancelled (one of the reasons in shared/order-status.ts), by whom, and
     * the seller's note. On a card order being ended (payment state "expired" while still placed,
     * ADR 066): the cancellation about to be made, so whoever finishes first makes it.
     */
    cancelReason: text("cancel_reason"),
    cancelNote: text("cancel_note"),
    cancelledBy: text("cancelled_by", { enum: CANCELLED_BY }),
    /** When the seller recorded the refund of a paid, cancelled order (payment_state `refunded`, ADR 044). */
    refundedAt: integer("refunded_at"),
    /**
     * The store's legal name, address, GSTIN and contact as they were when the order was placed:
     * what its invoice prints, whatever the settings say later. Null for orders placed before.
     */
    storeContact: text("store_contact", { mode: "json" }).$type<StoreContact>(),
    /**
     * What the seller searches orders by, kept indexable (ADR 035): the delivery name in lower case
     * ("asha rao"), its surname ("rao"), the phone's last ten digits and the same digits backwards
     * (so that "the number ending 43210" is a prefix too), the e-mail in lower case, the PIN code
     * and the city in lower case with single spaces (grocers plan delivery runs by them), all from
     * the address snapshot.
     */
    searchName: text("search_name").notNull().default(""),
    searchSurname: text("search_surname").notNull().default(""),
    searchPhone: text("search_phone").notNull().default(""),
    searchPhoneReversed: text("search_phone_reversed").notNull().default(""),
    searchEmail: text("search_email").notNull().default(""),
    searchPincode: text("search_pincode").notNull().default(""),
    searchCity: text("search_city").notNull().default(""),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_search_name_idx").on(t.searchName, t.createdAt),
    index("orders_search_surname_idx").on(t.searchSurname, t.createdAt),
    index("orders_search_phone_idx").on(t.searchPhone, t.createdAt),
    index("orders_search_phone_reversed_idx").on(t.searchPhoneReversed, t.createdAt),
    index("orders_search_email_idx").on(t.searchEmail, t.createdAt),
    index("orders_search_pincode_idx").on(t.searchPincode, t.createdAt),
    index("orders_search_city_idx").on(t.searchCity, t.createdAt),
    index("orders_created_idx").on(t.createdAt),
    index("orders_status_idx").on(t.status, t.createdAt),
    // The dashboard's counts of orders waiting for a next step (ADR 036): read from the index alone.
    index("orders_waiting_idx").on(t.status, t.paymentType, t.isPaid),
    index("orders_refund_due_idx")
      .on(t.amountPaise)
      .where(sql`${t.paymentState} = 'refund_due'`),
    // The orders page's "Refund due" filter (ADR 044): the refunds still to make, newest first.
    index("orders_refund_due_created_idx")
      .on(t.createdAt)
      .where(sql`${t.paymentState} = 'refund_due'`),
    // Refunds made per period (ADR 044): a range of refund times, summed from the index alone.
    index("orders_refunded_idx")
      .on(t.refundedAt, t.amountPaise)
      .where(sql`${t.paymentState} = 'refunded'`),
    uniqueIndex("orders_idempotency_unique").on(t.userId, t.idempotencyKey),
    uniqueIndex("orders_stripe_session_unique").on(t.stripeSessionId),
    check("orders_amount_positive", sql`${t.amountPaise} > 0`),
  ],
);

export const orderItems = sqliteTable(
  "order_items",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id),
    /** The product as it was; may since have changed or been deleted (no foreign key on purpose). */
    productId: text("product_id").notNull(),
    name: text("name").notNull(),
    category: text("category").notNull(),
    image: text("image"),
    unitPricePaise: integer("unit_price_paise").notNull(),
    quantity: integer("quantity").notNull(),
    /**
     * The units this line took off a counted stock when the order was placed (0 for a product the
     * store did not count then): what a cancellation gives back, and never more.
     */
    stockTaken: integer("stock_taken").notNull().default(0),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    index("order_items_product_idx").on(t.productId),
    check("order_items_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

/**
 * The seller dashboard's figures per day in India's time zone (ADR 036), kept by triggers on
 * `orders` (migration 0009), never written by the code. An order counts for the day it was placed.
 * "Live" orders are the seller's to fulfil (cash on delivery, or paid online) and not cancelled.
 */
export const salesDays = sqliteTable("sales_days", {
  /** Days since 1970-01-01 in IST: (created_at + 5.5 h) / 24 h, rounded down. */
  day: integer("day").primaryKey(),
  /** Live orders and their amount (tax included). */
  orders: integer("orders").notNull().default(0),
  salesPaise: integer("sales_paise").notNull().default(0),
  /** Of those, money received (online paid, or cash collected). */
  paidPaise: integer("paid_paise").notNull().default(0),
  /** Cash on delivery not yet collected, on orders not cancelled. */
  codDueOrders: integer("cod_due_orders").notNull().default(0),
  codDuePaise: integer("cod_due_paise").notNull().default(0),
  /** Paid, then cancelled: the money to give back. */
  refundDueOrders: integer("refund_due_orders").notNull().default(0),
  refundDuePaise: integer("refund_due_paise").notNull().default(0),
  /** Orders the seller saw (cash on delivery or paid) that were cancelled. */
  cancelledOrders: integer("cancelled_orders").notNull().default(0),
});

/** Units and takings of each product per IST day, from live orders only: the dashboard's best sellers. */
export const productSalesDays = sqliteTable(
  "product_sales_days",
  {
    day: integer("day").notNull(),
    productId: text("product_id").notNull(),
    units: integer("units").notNull().default(0),
    salesPaise: integer("sales_paise").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.productId] }),
    // The best sellers' grouping reads the days' rows from this index alone (ADR 036).
    index("product_sales_days_covering_idx").on(t.day, t.productId, t.units, t.salesPaise),
  ],
);

/** Stripe event ids already handled: each webhook event takes effect once. */
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: integer("processed_at").notNull(),
});

export const newsletterSubscribers = sqliteTable(
  "newsletter_subscribers",
  {
    email: text("email").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.email] })],
);

/**
 * What the shopper is told about their orders (placed, paid, packed, ...), written by the queue
 * consumer (worker/events). The id is the event's own key, `<order id>:<event>`, so a message
 * delivered twice leaves one row.
 */
export const notifications = sqliteTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id),
    event: text("event").notNull(),
    message: text("message").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("notifications_user_idx").on(t.userId, t.createdAt)],
);

/** One express pincode of the delivery area and its promised time. */
export type ExpressPincode = { pincode: string; etaMinutes: number };
/**
 * Who the store is and how shoppers reach it: the contact and policy pages and the invoices show
 * these. `legalName` and `gstin` came later (rows saved before have neither: the settings service
 * reads them with defaults); `office` is the registered address, one line per printed line.
 */
export type StoreContact = { email: string; phone: string; hours: string; office: string; legalName: string; gstin: string | null };

/**
 * The store's settings (the seller's Settings page): the delivery area and promise, the tax rate,
 * the contact details. One row (id 1); until the seller first saves, the defaults in
 * worker/services/store-settings.ts apply.
 */
export const storeSettings = sqliteTable(
  "store_settings",
  {
    id: integer("id").primaryKey(),
    /** The state or union territory the store delivers in (shared/indian-states.ts). */
    state: text("state").notNull(),
    expressPincodes: text("express_pincodes", { mode: "json" })
      .$type<ExpressPincode[]>()
      .notNull()
      .default(sql`'[]'`),
    /** Standard delivery elsewhere in the state, in business days. */
    standardMinDays: integer("standard_min_days").notNull(),
    standardMaxDays: integer("standard_max_days").notNull(),
    /** Basis points: 200 = 2%. */
    taxBasisPoints: integer("tax_basis_points").notNull(),
    contact: text("contact", { mode: "json" }).$type<StoreContact>().notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    check("store_settings_single_row", sql`${t.id} = 1`),
    check("store_settings_window", sql`${t.standardMinDays} >= 1 AND ${t.standardMaxDays} >= ${t.standardMinDays}`),
    check("store_settings_tax_range", sql`${t.taxBasisPoints} >= 0 AND ${t.taxBasisPoints} <= 5000`),
  ],
);

/**
 * Words shoppers type for what the store calls otherwise ("aloo" → "potato", "chips" → the
 * Instant aisle), read by the shop's search (ADR 030). The store ships a list (created_at 0,
 * migrations/0007); the seller adds and removes words (/seller/search-words).
 */
export const searchSynonyms = sqliteTable("search_synonyms", {
  /** What shoppers type: lower-case, single spaces (worker/validation/search-synonyms.ts). */
  term: text("term").primaryKey(),
  /** What the store calls it, matched against product names as a piece of text. */
  meaning: text("meaning").notNull(),
  /** The category path when `meaning` names a category: the term then lists that category. */
  category: text("category"),
  createdAt: integer("created_at").notNull(),
});

/**
 * The demo products `npm start` has ever put into this database (scripts/seed.ts), so a product
 * the seller deleted is not seeded again at the next start, while a demo product added to the
 * catalogue later still is.
 */
export const demoSeeded = sqliteTable("demo_seeded", {
  productId: text("product_id").primaryKey(),
  seededAt: integer("seeded_at").notNull(),
});

/**
 * The brakes whose window is longer than the rate-limit binding's minute (ADR 065): one row per
 * brake and subject (`sign-ups:<address>`), its count in the current fixed window. Written only by
 * worker/security/window-count.ts; rows of ended windows are deleted by the scheduled job.
 */
export const brakeCounts = sqliteTable(
  "brake_counts",
  {
    key: text("key").primaryKey(),
    /** Unix ms at which the counted window began (a multiple of its length). */
    windowStart: integer("window_start").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [index("brake_counts_window_idx").on(t.windowStart)],
);

export type Product = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
export type User = typeof users.$inferSelect;
export type Address = typeof addresses.$inferSelect;
export type Order = typeof orders.$inferSelect;
export type StoreSettingsRow = typeof storeSettings.$inferSelect;
export type OrderItem = typeof orderItems.$inferSelect;
export type Notification = typeof notifications.$inferSelect;
export type SearchSynonym = typeof searchSynonyms.$inferSelect;

export const ordersRelations = relations(orders, ({ many }) => ({ items: many(orderItems) }));
export const orderItemsRelations = relations(orderItems, ({ one }) => ({
  order: one(orders, { fields: [orderItems.orderId], references: [orders.id] }),
}));

/**
 * The catalogue's version, one row: part of the edge cache's key (worker/edge-cache.ts, ADR 059).
 * Only the schema's triggers write it, on every change shoppers can see.
 */
export const catalogVersion = sqliteTable(
  "catalog_version",
  {
    id: integer("id").primaryKey(),
    version: integer("version").notNull(),
  },
  (t) => [check("catalog_version_single_row", sql`${t.id} = 1`)],
);
