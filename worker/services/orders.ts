/**
 * Placing and reading orders. The server decides everything that matters: who orders (the
 * session), what things cost (D1 prices), what is in stock, whose address it is, the total.
 *
 * An order is written in one D1 batch (order, its items, counted stock, the emptied cart), so it
 * exists whole or not at all; the database's constraints and triggers refuse out-of-stock products
 * and overselling inside that batch.
 */
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { absoluteImageUrl } from "@shared/images";
import { paiseToRupees, totalsFor } from "@shared/money";
import type { Database, Store } from "@worker/db/client";
import { isDbError } from "@worker/db/errors";
import { orderItems, orders, products, users, type Order, type OrderItem, type Product, type User } from "@worker/db/schema";
import { badRequest, conflict, notFound, parseInput } from "@worker/errors";
import { placeOrderInput } from "@worker/validation/order";
import { makeDefaultStatements, ownedAddressQuery, toAddressSnapshot, toApiAddress } from "./addresses";
import { assertDeliverable } from "./delivery-area";
import { storeSettingsQuery, toStoreSettings, type StoreSettings } from "./store-settings";
import { orderSearchKeys } from "./order-search-keys";
import { systemEnding, UNPAID_CANCEL_REASONS } from "./cancellation";
import { claimCardOrders, waitingCardOrders, type ClaimedCardOrder } from "./unpaid-card-orders";

export type PaymentType = Order["paymentType"];
export type OrderWithItems = Order & { items: OrderItem[] };

export const OUT_OF_STOCK_MSG = "Some items in your cart just went out of stock. Please review your cart.";

export async function placeOrder(
  store: Store,
  user: Pick<User, "id">,
  input: unknown,
  paymentType: PaymentType,
): Promise<{ order: OrderWithItems; created: boolean; claimed: ClaimedCardOrder[] }> {
  const { items, address: addressId, idempotencyKey } = parseInput(placeOrderInput, input);
  const { db } = store;

  if (idempotencyKey) {
    const previous = await findByIdempotencyKey(db, user.id, idempotencyKey);
    if (previous) return { order: previous, created: false, claimed: [] };
  }

  // One line per product (orderLinesField merged repeats before checking the per-product cap).
  // The store's settings come with them, as stored now: they decide the area and the tax charged.
  const [found, [address], settingsRows] = await db.batch([
    db
      .select()
      .from(products)
      .where(
        inArray(
          products.id,
          items.map((line) => line.product),
        ),
      ),
    ownedAddressQuery(db, user.id, addressId),
    storeSettingsQuery(db),
  ]);
  if (!address) throw notFound("Address not found. Please select one of your addresses.");
  const settings = toStoreSettings(settingsRows);
  assertDeliverable(settings, address);
  const byId = new Map(found.map((p) => [p.id, p]));
  const lines = items.map(({ product: id, quantity }) => {
    const product = byId.get(id);
    if (!product) throw badRequest("Unknown product in order");
    if (!product.inStock) throw conflict(`${product.name} is out of stock`);
    if (product.stock !== null && product.stock < quantity) {
      throw conflict(product.stock === 0 ? `${product.name} is out of stock` : `Only ${product.stock} ${product.name} left`);
    }
    return { product, quantity };
  });

  const totals = totalsFor(
    lines.map(({ product, quantity }) => ({ unitPricePaise: product.offerPricePaise, quantity })),
    settings.taxBasisPoints,
  );
  const now = Date.now();
  const orderId = crypto.randomUUID();
  const order: Order = {
    id: orderId,
    userId: user.id,
    subtotalPaise: totals.subtotal,
    taxPaise: totals.tax,
    taxBasisPoints: settings.taxBasisPoints,
    amountPaise: totals.total,
    address: toAddressSnapshot(address),
    paymentType,
    status: "Order Placed",
    statusHistory: [{ status: "Order Placed", at: now }],
    isPaid: false,
    paymentState: "pending",
    stripeSessionId: null,
    stockReturned: false,
    idempotencyKey: idempotencyKey ?? null,
    cancelReason: null,
    cancelNote: null,
    cancelledBy: null,
    refundedAt: null,
    storeContact: settings.contact,
    ...orderSearchKeys(address),
    createdAt: now,
    updatedAt: now,
  };
  const itemRows = lines.map(({ product, quantity }) => snapshotItem(orderId, product, quantity));

  const statements: BatchItem<"sqlite">[] = [
    db.insert(orders).values(order),
    // One statement per item keeps each under D1's 100 bound parameters.
    ...itemRows.map((row) => db.insert(orderItems).values(row)),
    ...lines
      .filter(({ product }) => product.stock !== null)
      .map(({ product, quantity }) =>
        db
          .update(products)
          .set({ stock: sql`${products.stock} - ${quantity}`, updatedAt: now })
          .where(and(eq(products.id, product.id), sql`${products.stock} IS NOT NULL`)),
      ),
  ];
  // Where the shopper has things delivered now: the top bar's "Deliver to" and the next checkout follow.
  if (!address.isDefault) statements.push(...makeDefaultStatements(db, user.id, address.id));
  // Cash on delivery is done at once; an online order keeps the cart until the payment succeeds.
  if (paymentType === "COD") statements.push(db.update(users).set({ cartItems: {} }).where(eq(users.id, user.id)));
  // Last, in the same transaction: the shopper's card orders still unpaid, which this one replaces (services/checkout.ts).
  statements.push(claimReplacedCardOrders(db, user.id, orderId));

  let claimed: ClaimedCardOrder[];
  try {
    const results = await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    claimed = results[results.length - 1] as ClaimedCardOrder[];
  } catch (error) {
    if (idempotencyKey && isDbError(error, "UNIQUE")) {
      const first = await findByIdempotencyKey(db, user.id, idempotencyKey);
      if (first) return { order: first, created: false, claimed: [] };
    }
    if (isDbError(error, "out_of_stock") || isDbError(error, "products_stock_not_negative")) throw conflict(OUT_OF_STOCK_MSG);
    throw error;
  }
  return { order: { ...order, items: itemRows }, created: true, claimed };
}

/** The shopper's card orders still waiting for their first payment (placed, unpaid, its checkout open). */
export function waitingCardOrdersOf(userId: string) {
  return and(eq(orders.userId, userId), waitingCardOrders());
}

/**
 * Claims the shopper's waiting card orders but `exceptId` (the order replacing them) for
 * replacement (ADR 054, 066). A statement, awaitable or part of a batch.
 */
export function claimReplacedCardOrders(db: Database, userId: string, exceptId: string | null) {
  return claimCardOrders(db, and(eq(orders.userId, userId), exceptId ? ne(orders.id, exceptId) : undefined), systemEnding(UNPAID_CANCEL_REASONS.replaced));
}

function snapshotItem(orderId: string, product: Product, quantity: number): OrderItem {
  return {
    id: crypto.randomUUID(),
    orderId,
    productId: product.id,
    name: product.name,
    category: product.category,
    image: product.images[0] ?? null,
    unitPricePaise: product.offerPricePaise,
    quantity,
    // The same test as the stock's decrement below: only a counted product gives units back later.
    stockTaken: product.stock !== null ? quantity : 0,
  };
}

/** The shopper's order placed by this request before (its idempotency key), if any. */
export async function findByIdempotencyKey(db: Database, userId: string, key: string): Promise<OrderWithItems | undefined> {
  return db.query.orders.findFirst({
    where: and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)),
    with: { items: true },
  });
}

export const MAX_LISTED_ORDERS = 100;

/** A shopper's orders, newest first (one query, items included; awaitable or part of a batch). */
export function listUserOrders(db: Database, userId: string) {
  return db.query.orders.findMany({
    where: eq(orders.userId, userId),
    orderBy: desc(orders.createdAt),
    limit: MAX_LISTED_ORDERS,
    with: { items: true },
  });
}

/** The My Orders page in one D1 round trip: the account (it may be gone), its orders and the store's settings (the delivery promises). */
export async function myOrdersPage(db: Database, userId: string): Promise<{ userExists: boolean; orders: OrderWithItems[]; settings: StoreSettings }> {
  const [account, list, settings] = await db.batch([
    db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1),
    listUserOrders(db, userId),
    storeSettingsQuery(db),
  ]);
  return { userExists: account.length > 0, orders: list, settings: toStoreSettings(settings) };
}

/** An order as the spec's JSON API shows it; item images absolute on the store's origin (`APP_URL`). */
export function toApiOrder(order: OrderWithItems, storeOrigin: string) {
  return {
    _id: order.id,
    items: order.items.map((item) => ({
      product: {
        _id: item.productId,
        name: item.name,
        category: item.category,
        image: item.image ? [absoluteImageUrl(item.image, storeOrigin)] : [],
        offerPrice: paiseToRupees(item.unitPricePaise),
      },
      quantity: item.quantity,
    })),
    amount: paiseToRupees(order.amountPaise),
    tax: paiseToRupees(order.taxPaise),
    taxPercent: order.taxBasisPoints / 100,
    address: toApiAddress(order.address),
    paymentType: order.paymentType,
    status: order.status,
    statusHistory: order.statusHistory.map((change) => ({ status: change.status, at: new Date(change.at).toISOString() })),
    isPaid: order.isPaid,
    paymentState: order.paymentState,
    ...(order.status === "Cancelled" && order.cancelReason && { cancellation: { by: order.cancelledBy, reason: order.cancelReason, note: order.cancelNote } }),
    ...(order.refundedAt !== null && { refundedAt: new Date(order.refundedAt).toISOString() }),
    createdAt: new Date(order.createdAt).toISOString(),
  };
}

/** What the order pages show (no internal columns). */
export function toOrderView(order: OrderWithItems) {
  return {
    id: order.id,
    items: order.items.map(({ id, productId, name, category, image, unitPricePaise, quantity }) => ({
      id,
      productId,
      name,
      category,
      image,
      unitPricePaise,
      quantity,
    })),
    subtotalPaise: order.subtotalPaise,
    taxPaise: order.taxPaise,
    /** The rate charged (shared/tax.ts words it: "Tax (2%)"). */
    taxBasisPoints: order.taxBasisPoints,
    amountPaise: order.amountPaise,
    address: order.address,
    paymentType: order.paymentType,
    status: order.status,
    statusHistory: order.statusHistory,
    isPaid: order.isPaid,
    paymentState: order.paymentState,
    cancelReason: order.cancelReason,
    cancelNote: order.cancelNote,
    cancelledBy: order.cancelledBy,
    refundedAt: order.refundedAt,
    createdAt: order.createdAt,
  };
}
export type OrderView = ReturnType<typeof toOrderView>;
