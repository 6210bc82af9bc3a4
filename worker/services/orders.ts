/** Placing and reading orders: one D1 batch, so an order exists whole or not at all; the database refuses overselling in it. */
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { absoluteImageUrl } from "@shared/images";
import { belowMinimumOrder } from "@shared/fees";
import { paiseToRupees, totalsFor } from "@shared/money";
import type { Database, Store } from "@worker/db/client";
import { isDbError } from "@worker/db/errors";
import { orderItems, orders, products, users, type Order, type OrderItem, type Product, type Refund, type User } from "@worker/db/schema";
import { badRequest, conflict, notFound, parseInput } from "@worker/errors";
import { placeOrderInput } from "@worker/validation/order";
import { makeDefaultStatements, ownedAddressQuery, toAddressSnapshot, toApiAddress } from "./addresses";
import { assertDeliverable } from "./delivery-area";
import { storeSettingsQuery, toStoreSettings, type StoreSettings } from "./store-settings";
import { orderSearchKeys } from "./order-search-keys";
import { systemEnding, UNPAID_CANCEL_REASONS, waitingCardOrders } from "./cancellation";
import { claimCardOrders, type ClaimedCardOrder } from "./unpaid-card-orders";

export type PaymentType = Order["paymentType"];
export type OrderWithItems = Order & { items: OrderItem[]; refunds: Refund[] };

export const OUT_OF_STOCK_MSG = "Some items in your cart just went out of stock. Please review your cart.";

export async function placeOrder(store: Store, user: Pick<User, "id">, input: unknown, paymentType: PaymentType) {
  const { items, address: addressId, idempotencyKey } = parseInput(placeOrderInput, input);
  const { db } = store;

  if (idempotencyKey) {
    const previous = await findByIdempotencyKey(db, user.id, idempotencyKey);
    if (previous) return { order: previous, created: false, claimed: [] };
  }

  // One line per product (orderLinesField merged repeats); the settings as stored now decide the area and the tax.
  const ids = items.map((line) => line.product);
  const [found, [address], settingsRows] = await db.batch([
    db.select().from(products).where(inArray(products.id, ids)),
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
    if (product.maxPerOrder !== null && quantity > product.maxPerOrder) throw conflict(`At most ${product.maxPerOrder} ${product.name} per order`);
    return { product, quantity };
  });

  const totals = totalsFor(
    lines.map(({ product, quantity }) => ({ unitPricePaise: product.offerPricePaise, quantity })),
    settings.taxBasisPoints,
    settings.fees,
  );
  const belowMinimum = belowMinimumOrder(totals.subtotal, settings.fees);
  if (belowMinimum) throw conflict(belowMinimum);
  const now = Date.now();
  const orderId = crypto.randomUUID();
  const order: Order = {
    id: orderId,
    userId: user.id,
    subtotalPaise: totals.subtotal,
    taxPaise: totals.tax,
    taxBasisPoints: settings.taxBasisPoints,
    deliveryFeePaise: totals.deliveryFee,
    smallCartFeePaise: totals.smallCartFee,
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
    invoiceNo: null,
    invoicedAt: null,
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
  // The top bar's "Deliver to" and the next checkout follow the last order.
  if (!address.isDefault) statements.push(...makeDefaultStatements(db, user.id, address.id));
  // Cash on delivery empties the cart at once (an online order keeps it until paid); the last activity is the retention sweep's (ADR 074).
  const shopperUpdate = { lastActiveAt: now, ...(paymentType === "COD" && { cartItems: {} }) };
  statements.push(db.update(users).set(shopperUpdate).where(eq(users.id, user.id)));
  // Last: the shopper's unpaid card orders, which this one replaces (checkout.ts).
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
  return { order: { ...order, items: itemRows, refunds: [] }, created: true, claimed };
}

export const waitingCardOrdersOf = (userId: string) => and(eq(orders.userId, userId), waitingCardOrders());

/** Claims the shopper's waiting card orders but `exceptId` for replacement (ADR 054, 066). */
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
    // Only a counted product gives units back later.
    stockTaken: product.stock !== null ? quantity : 0,
    gstRate: product.gstRate,
    hsn: product.hsn,
  };
}

export async function findByIdempotencyKey(db: Database, userId: string, key: string): Promise<OrderWithItems | undefined> {
  return db.query.orders.findFirst({ where: and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)), with: { items: true, refunds: true } });
}

export const MAX_LISTED_ORDERS = 100;

/** A shopper's orders, newest first, with their items. */
export function listUserOrders(db: Database, userId: string) {
  return db.query.orders.findMany({
    where: eq(orders.userId, userId),
    orderBy: desc(orders.createdAt),
    limit: MAX_LISTED_ORDERS,
    with: { items: true, refunds: true },
  });
}

/** The My Orders page in one D1 round trip (the account may be gone). */
export async function myOrdersPage(db: Database, userId: string): Promise<{ userExists: boolean; orders: OrderWithItems[]; settings: StoreSettings }> {
  const [account, list, settings] = await db.batch([
    db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1),
    listUserOrders(db, userId),
    storeSettingsQuery(db),
  ]);
  return { userExists: account.length > 0, orders: list, settings: toStoreSettings(settings) };
}

/** The spec's JSON shape of an order; item images absolute. */
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
    deliveryFee: paiseToRupees(order.deliveryFeePaise),
    smallCartFee: paiseToRupees(order.smallCartFeePaise),
    address: toApiAddress(order.address),
    paymentType: order.paymentType,
    status: order.status,
    statusHistory: order.statusHistory.map((change) => ({ status: change.status, at: new Date(change.at).toISOString() })),
    isPaid: order.isPaid,
    paymentState: order.paymentState,
    ...(order.status === "Cancelled" && order.cancelReason && { cancellation: { by: order.cancelledBy, reason: order.cancelReason, note: order.cancelNote } }),
    ...(order.refundedAt !== null && { refundedAt: new Date(order.refundedAt).toISOString() }),
    refunds: order.refunds.map((refund) => ({
      amount: paiseToRupees(refund.amountPaise),
      reason: refund.reason,
      status: refund.status,
      createdAt: new Date(refund.createdAt).toISOString(),
    })),
    createdAt: new Date(order.createdAt).toISOString(),
  };
}

/** What the order pages show (no internal columns). */
export function toOrderView(order: OrderWithItems) {
  return {
    id: order.id,
    items: order.items.map(({ orderId: _orderId, stockTaken: _stockTaken, ...item }) => item),
    subtotalPaise: order.subtotalPaise,
    taxPaise: order.taxPaise,
    taxBasisPoints: order.taxBasisPoints,
    deliveryFeePaise: order.deliveryFeePaise,
    smallCartFeePaise: order.smallCartFeePaise,
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
    refunds: order.refunds.map(({ amountPaise, reason, status, createdAt, updatedAt }) => ({ amountPaise, reason, status, createdAt, updatedAt })),
    createdAt: order.createdAt,
  };
}
export type OrderView = ReturnType<typeof toOrderView>;
