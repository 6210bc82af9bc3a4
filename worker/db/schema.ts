// The store's tables: ids generated in code (so a D1 batch can refer to them), money in paise, times in
// unix ms, lists read whole as JSON text. Migrations are generated from this file (`npm run db:generate`).
import { relations, sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
// Relative, not an alias: drizzle-kit reads this file outside Vite.
import { CANCELLED_BY, ORDER_STATUSES, PAYMENT_STATES, type OrderStatus } from "../../shared/order-status";
import type { Fees } from "../../shared/money";
import { DEFAULT_GST_RATE } from "../../shared/gst";
import { DEFAULT_OPENING_HOURS, type OpeningHours } from "../../shared/store-hours";

/** Discount in basis points, without table names: SQLite uses an expression index only for that exact text. */
export const PRODUCT_DISCOUNT_SQL = sql.raw("((price_paise - offer_price_paise) * 10000 / price_paise)");

/** A required reference to another table's row. */
const idOf = (name: string, target: () => AnySQLiteColumn, onDelete?: "cascade") => text(name).notNull().references(target, { onDelete });

/** A JSON column read whole, empty by default. */
const jsonText = <T>(name: string, empty: "[]" | "{}") =>
  text(name, { mode: "json" })
    .$type<T>()
    .notNull()
    .default(sql.raw(`'${empty}'`));

export const products = sqliteTable(
  "products",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    category: text("category").notNull(),
    description: jsonText<string[]>("description", "[]"),
    /** MRP, shown struck through. */
    pricePaise: integer("price_paise").notNull(),
    offerPricePaise: integer("offer_price_paise").notNull(),
    /** R2 keys, the first is the main image. */
    images: jsonText<string[]>("images", "[]"),
    /** On sale: never written by the code, derived by triggers (ADR 019). */
    inStock: integer("in_stock", { mode: "boolean" }).notNull().default(true),
    /** NULL: not counted (the seller's switch alone decides). */
    stock: integer("stock"),
    switchedOff: integer("switched_off", { mode: "boolean" }).notNull().default(false),
    /** The net quantity as the seller writes it ("500 g"); shared/net-quantity.ts reads it. */
    weight: text("weight"),
    /** The Legal Metrology declarations (ADR 071); the consumer-care contact is the store's. */
    countryOfOrigin: text("country_of_origin"),
    manufacturer: text("manufacturer"),
    shelfLife: text("shelf_life"),
    /** Basis points of GST inside the price, and the HSN code: the invoice's, when prices include GST (ADR 073). */
    gstRate: integer("gst_rate").notNull().default(DEFAULT_GST_RATE),
    hsn: text("hsn"),
    /** The most one order may hold (1 to 99); NULL: no limit but the stock's. */
    maxPerOrder: integer("max_per_order"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("products_listing_idx").on(t.inStock, t.createdAt, t.id),
    index("products_category_idx").on(t.category, t.inStock, t.createdAt, t.id),
    index("products_seller_idx").on(t.createdAt, t.id),
    // The shop's sorts (ADR 030).
    index("products_price_idx").on(t.inStock, t.offerPricePaise),
    index("products_category_price_idx").on(t.category, t.inStock, t.offerPricePaise),
    index("products_discount_idx").on(t.inStock, PRODUCT_DISCOUNT_SQL),
    index("products_category_discount_idx").on(t.category, t.inStock, PRODUCT_DISCOUNT_SQL),
    // A category's search pages in rowid order, this index's hidden last column (ADR 030).
    index("products_category_rowid_idx").on(t.category),
    // The dashboard's low-stock lists: counted products only (ADR 036).
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
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    cartItems: jsonText<Record<string, number>>("cart_items", "{}"),
    createdAt: integer("created_at").notNull(),
    /** The last sign-in or order, for the retention sweep (ADR 074); NULL once erased. */
    lastActiveAt: integer("last_active_at"),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email), index("users_last_active_idx").on(t.lastActiveAt)],
);

export const addresses = sqliteTable(
  "addresses",
  {
    id: text("id").primaryKey(),
    userId: idOf("user_id", () => users.id, "cascade"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    street: text("street").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    zipCode: text("zip_code").notNull(),
    country: text("country").notNull(),
    phone: text("phone").notNull(),
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("addresses_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("addresses_one_default_per_user")
      .on(t.userId)
      .where(sql`${t.isDefault} = 1`),
  ],
);

export type AddressSnapshot = Omit<typeof addresses.$inferSelect, "userId" | "createdAt" | "isDefault">;
export type StatusChange = { status: OrderStatus; at: number };

export const orders = sqliteTable(
  "orders",
  {
    id: text("id").primaryKey(),
    userId: idOf("user_id", () => users.id),
    subtotalPaise: integer("subtotal_paise").notNull(),
    taxPaise: integer("tax_paise").notNull(),
    /** Basis points (200 = 2%), as set when the order was placed. */
    taxBasisPoints: integer("tax_basis_points").notNull().default(200),
    deliveryFeePaise: integer("delivery_fee_paise").notNull().default(0),
    smallCartFeePaise: integer("small_cart_fee_paise").notNull().default(0),
    amountPaise: integer("amount_paise").notNull(),
    address: text("address", { mode: "json" }).$type<AddressSnapshot>().notNull(),
    paymentType: text("payment_type", { enum: ["COD", "Online"] }).notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("Order Placed"),
    statusHistory: text("status_history", { mode: "json" }).$type<StatusChange[]>().notNull(),
    isPaid: integer("is_paid", { mode: "boolean" }).notNull().default(false),
    paymentState: text("payment_state", { enum: PAYMENT_STATES }).notNull().default("pending"),
    stripeSessionId: text("stripe_session_id"),
    stockReturned: integer("stock_returned", { mode: "boolean" }).notNull().default(false),
    idempotencyKey: text("idempotency_key"),
    /** On a card order being ended ("expired" while still placed, ADR 066): the cancellation about to be made. */
    cancelReason: text("cancel_reason"),
    cancelNote: text("cancel_note"),
    cancelledBy: text("cancelled_by", { enum: CANCELLED_BY }),
    /** ADR 044. */
    refundedAt: integer("refunded_at"),
    /** The store's details as the invoice prints them, whatever the settings say later. */
    storeContact: text("store_contact", { mode: "json" }).$type<StoreContact>(),
    /** Given when the order is packed, from the financial year's series (ADR 073). */
    invoiceNo: text("invoice_no"),
    invoicedAt: integer("invoiced_at"),
    /** The seller's order search, kept indexable (ADR 035); the reversed phone makes "ending 43210" a prefix. */
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
    // ADR 036 and ADR 044: the dashboard's counts and the refunds, read from the indexes alone.
    index("orders_waiting_idx").on(t.status, t.paymentType, t.isPaid),
    index("orders_refund_due_idx")
      .on(t.amountPaise)
      .where(sql`${t.paymentState} = 'refund_due'`),
    index("orders_refund_due_created_idx")
      .on(t.createdAt)
      .where(sql`${t.paymentState} = 'refund_due'`),
    index("orders_refunded_idx")
      .on(t.refundedAt, t.amountPaise)
      .where(sql`${t.paymentState} = 'refunded'`),
    uniqueIndex("orders_idempotency_unique").on(t.userId, t.idempotencyKey),
    uniqueIndex("orders_stripe_session_unique").on(t.stripeSessionId),
    uniqueIndex("orders_invoice_no_unique").on(t.invoiceNo),
    check("orders_amount_positive", sql`${t.amountPaise} > 0`),
  ],
);

export const orderItems = sqliteTable(
  "order_items",
  {
    id: text("id").primaryKey(),
    orderId: idOf("order_id", () => orders.id),
    /** No foreign key on purpose: the product may since have been deleted. */
    productId: text("product_id").notNull(),
    name: text("name").notNull(),
    category: text("category").notNull(),
    image: text("image"),
    unitPricePaise: integer("unit_price_paise").notNull(),
    quantity: integer("quantity").notNull(),
    /** Units taken off a counted stock: what a cancellation gives back, never more. */
    stockTaken: integer("stock_taken").notNull().default(0),
    /** As the product had them when ordered; NULL on orders from before (ADR 073). */
    gstRate: integer("gst_rate"),
    hsn: text("hsn"),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    index("order_items_product_idx").on(t.productId),
    check("order_items_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

/** The last invoice number given in each financial year's series ("INV/26-27"). */
export const invoiceSeries = sqliteTable("invoice_series", { id: text("id").primaryKey(), last: integer("last").notNull() });

export const REFUND_STATES = ["requested", "pending", "succeeded", "failed", "canceled"] as const;

/** Money given back through Stripe (ADR 072): "requested" reserves the amount before Stripe is asked; then Stripe's status. */
export const refunds = sqliteTable(
  "refunds",
  {
    /** Also Stripe's idempotency key and the refund's metadata.refundId. */
    id: text("id").primaryKey(),
    orderId: idOf("order_id", () => orders.id),
    amountPaise: integer("amount_paise").notNull(),
    reason: text("reason").notNull(),
    status: text("status", { enum: REFUND_STATES }).notNull(),
    stripeRefundId: text("stripe_refund_id"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("refunds_order_idx").on(t.orderId), index("refunds_status_idx").on(t.status), check("refunds_amount_positive", sql`${t.amountPaise} > 0`)],
);
export type Refund = typeof refunds.$inferSelect;

/** The seller's own notes on an order (issue 40): who wrote what, when; never in a shopper's answer. */
export const orderNotes = sqliteTable(
  "order_notes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: idOf("order_id", () => orders.id),
    note: text("note").notNull(),
    author: text("author").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("order_notes_order_idx").on(t.orderId, t.createdAt)],
);

/** A refund after the invoice, or the cancellation of an invoiced order, numbered in its own series (ADR 075). */
export const creditNotes = sqliteTable(
  "credit_notes",
  {
    /** CN/<financial year>/<6 digits>: Rule 53's serial, unique per year. */
    number: text("number").primaryKey(),
    orderId: idOf("order_id", () => orders.id),
    /** One note per refund; none for a cancellation's. */
    refundId: text("refund_id").references(() => refunds.id),
    amountPaise: integer("amount_paise").notNull(),
    reason: text("reason").notNull(),
    issuedAt: integer("issued_at").notNull(),
  },
  (t) => [
    index("credit_notes_order_idx").on(t.orderId),
    uniqueIndex("credit_notes_refund_idx").on(t.refundId),
    index("credit_notes_issued_idx").on(t.issuedAt),
    check("credit_notes_amount_positive", sql`${t.amountPaise} > 0`),
  ],
);
export type CreditNote = typeof creditNotes.$inferSelect;

/** The dashboard's figures per IST day, kept by triggers (ADR 036); "live" orders are COD or paid, not cancelled. */
export const salesDays = sqliteTable("sales_days", {
  /** Days since 1970-01-01 in IST. */
  day: integer("day").primaryKey(),
  orders: integer("orders").notNull().default(0),
  salesPaise: integer("sales_paise").notNull().default(0),
  paidPaise: integer("paid_paise").notNull().default(0),
  codDueOrders: integer("cod_due_orders").notNull().default(0),
  codDuePaise: integer("cod_due_paise").notNull().default(0),
  refundDueOrders: integer("refund_due_orders").notNull().default(0),
  refundDuePaise: integer("refund_due_paise").notNull().default(0),
  cancelledOrders: integer("cancelled_orders").notNull().default(0),
});

/** The dashboard's best sellers, per IST day. */
export const productSalesDays = sqliteTable(
  "product_sales_days",
  {
    day: integer("day").notNull(),
    productId: text("product_id").notNull(),
    units: integer("units").notNull().default(0),
    salesPaise: integer("sales_paise").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.productId] }), index("product_sales_days_covering_idx").on(t.day, t.productId, t.units, t.salesPaise)],
);

/** Each webhook event takes effect once. */
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
    /** The consent as asked (ADR 074): the words shown, and its withdrawal. */
    wording: text("wording").notNull().default(""),
    withdrawnAt: integer("withdrawn_at"),
  },
  (t) => [primaryKey({ columns: [t.email] })],
);

/** Keyed `<order id>:<event>`, so a queue message delivered twice leaves one row (ADR 041). */
export const notifications = sqliteTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    userId: idOf("user_id", () => users.id, "cascade"),
    orderId: idOf("order_id", () => orders.id),
    event: text("event").notNull(),
    message: text("message").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("notifications_user_idx").on(t.userId, t.createdAt)],
);

export type ExpressPincode = { pincode: string; etaMinutes: number };
/** Rows saved before `legalName` and `gstin` existed lack them: the settings service reads defaults. */
export type StoreContact = { email: string; phone: string; office: string; legalName: string; gstin: string | null };

/** One row (id 1); until the seller first saves, worker/services/store-settings.ts's defaults apply. */
export const storeSettings = sqliteTable(
  "store_settings",
  {
    id: integer("id").primaryKey(),
    state: text("state").notNull(),
    expressPincodes: jsonText<ExpressPincode[]>("express_pincodes", "[]"),
    /** Business days. */
    standardMinDays: integer("standard_min_days").notNull(),
    standardMaxDays: integer("standard_max_days").notNull(),
    taxBasisPoints: integer("tax_basis_points").notNull(),
    fees: jsonText<Fees>("fees", "{}"),
    /** The GST rates (basis points) a product may carry. */
    gstRates: text("gst_rates", { mode: "json" })
      .$type<number[]>()
      .notNull()
      .default(sql`'[0,500,1800,4000]'`),
    /** Accounts with no sign-in and no order for this long are erased (ADR 074). */
    retentionYears: integer("retention_years").notNull().default(3),
    contact: text("contact", { mode: "json" }).$type<StoreContact>().notNull(),
    /** ADR 076: every day 7 am to 11 pm until the seller sets them. */
    openingHours: text("opening_hours", { mode: "json" })
      .$type<OpeningHours>()
      .notNull()
      .default(sql.raw(`'${JSON.stringify(DEFAULT_OPENING_HOURS)}'`)),
    /** "2026-12-25": closed all day. */
    holidays: jsonText<string[]>("holidays", "[]"),
    /** "Not taking orders now": every order is refused until it is switched off. */
    paused: integer("paused", { mode: "boolean" }).notNull().default(false),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    check("store_settings_single_row", sql`${t.id} = 1`),
    check("store_settings_window", sql`${t.standardMinDays} >= 1 AND ${t.standardMaxDays} >= ${t.standardMinDays}`),
    check("store_settings_tax_range", sql`${t.taxBasisPoints} >= 0 AND ${t.taxBasisPoints} <= 5000`),
  ],
);

/** "aloo" → "potato" (ADR 030); the shipped list has created_at 0 (migrations/0007). */
export const searchSynonyms = sqliteTable("search_synonyms", {
  term: text("term").primaryKey(),
  meaning: text("meaning").notNull(),
  /** Set when `meaning` names a category: the term then lists it. */
  category: text("category"),
  createdAt: integer("created_at").notNull(),
});

/** Demo products ever seeded (scripts/seed.ts), so one the seller deleted is not seeded again. */
export const demoSeeded = sqliteTable("demo_seeded", { productId: text("product_id").primaryKey(), seededAt: integer("seeded_at").notNull() });

/** Brakes longer than the rate-limit binding's minute (ADR 065), written by worker/security/window-count.ts. */
export const brakeCounts = sqliteTable(
  "brake_counts",
  { key: text("key").primaryKey(), windowStart: integer("window_start").notNull(), count: integer("count").notNull() },
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

export const ordersRelations = relations(orders, ({ many }) => ({
  items: many(orderItems),
  refunds: many(refunds),
  creditNotes: many(creditNotes),
  notes: many(orderNotes),
}));
export const orderNotesRelations = relations(orderNotes, ({ one }) => ({ order: one(orders, { fields: [orderNotes.orderId], references: [orders.id] }) }));
export const creditNotesRelations = relations(creditNotes, ({ one }) => ({ order: one(orders, { fields: [creditNotes.orderId], references: [orders.id] }) }));
export const refundsRelations = relations(refunds, ({ one }) => ({ order: one(orders, { fields: [refunds.orderId], references: [orders.id] }) }));
export const orderItemsRelations = relations(orderItems, ({ one }) => ({ order: one(orders, { fields: [orderItems.orderId], references: [orders.id] }) }));

/** Part of the edge cache's key, bumped by triggers on every change shoppers see (ADR 059). */
export const catalogVersion = sqliteTable("catalog_version", { id: integer("id").primaryKey(), version: integer("version").notNull() }, (t) => [
  check("catalog_version_single_row", sql`${t.id} = 1`),
]);
