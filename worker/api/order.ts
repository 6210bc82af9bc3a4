import { Hono } from "hono";
import { z } from "zod";
import { ORDER_STATUSES } from "@shared/order-status";
import { HttpError, parseInput } from "@worker/errors";
import { startCheckout } from "@worker/payments/checkout";
import { cardPaymentsEnabled } from "@worker/payments/stripe-client";
import { limitOrders } from "@worker/security/rate-limit";
import { cancelByShopper, markCodPaid, moveOrder } from "@worker/services/order-status";
import { listUserOrders, placeOrder, toApiOrder } from "@worker/services/orders";
import { sellerOrdersPage } from "@worker/services/seller-orders";
import { requireSeller, requireShopper } from "./auth";
import { readJson } from "./body";
import type { ApiEnv } from "./types";

const orderIdField = z.string({ error: "Unknown order" }).min(1, "Unknown order").max(64, "Unknown order");
const statusQuery = z.object({ status: z.enum(ORDER_STATUSES).optional(), before: z.coerce.number().int().positive().optional() });

export const orderRoutes = new Hono<ApiEnv>()
  .post("/cod", requireShopper, async (c) => {
    await limitOrders(c.env, c.var.user.id);
    const { order, created } = await placeOrder({ db: c.var.db, env: c.env }, c.var.user, await readJson(c), "COD");
    return c.json({ success: true, msg: "Order Placed Successfully", orderId: order.id }, created ? 201 : 200);
  })
  .post("/stripe", requireShopper, async (c) => {
    if (!cardPaymentsEnabled(c.env)) throw new HttpError(503, "Card payment is not available. Please choose Cash On Delivery.");
    await limitOrders(c.env, c.var.user.id);
    const { order, created } = await placeOrder({ db: c.var.db, env: c.env }, c.var.user, await readJson(c), "Online");
    if (order.paymentType !== "Online" || order.isPaid) throw new HttpError(409, "This order was already placed.");
    const url = await startCheckout(c.env, c.var.db, order, c.var.user.email, c.req.header("origin") ?? null);
    return c.json({ success: true, url, orderId: order.id, msg: "" }, created ? 201 : 200);
  })
  .get("/user", requireShopper, async (c) => {
    const orders = await listUserOrders(c.var.db, c.var.user.id);
    return c.json({ success: true, orders: orders.map((order) => toApiOrder(order, c.env.APP_URL)), msg: "" });
  })
  .post("/cancel", requireShopper, async (c) => {
    const { orderId } = parseInput(z.object({ orderId: orderIdField }), await readJson(c));
    const order = await cancelByShopper({ db: c.var.db, env: c.env }, c.var.user.id, orderId);
    return c.json({ success: true, msg: "Order cancelled", status: order.status });
  })
  .get("/seller", requireSeller, async (c) => {
    const query = parseInput(statusQuery, c.req.query());
    const page = await sellerOrdersPage(c.var.db, query);
    return c.json({ success: true, orders: page.orders.map((order) => toApiOrder(order, c.env.APP_URL)), nextBefore: page.nextBefore, awaitingPacking: page.awaitingPacking, msg: "" });
  })
  .post("/status", requireSeller, async (c) => {
    const { orderId, status } = parseInput(z.object({ orderId: orderIdField, status: z.enum(ORDER_STATUSES, { error: "Unknown status" }) }), await readJson(c));
    const order = await moveOrder({ db: c.var.db, env: c.env }, orderId, status);
    return c.json({ success: true, msg: `Order is now ${order.status}`, status: order.status });
  })
  .post("/mark-paid", requireSeller, async (c) => {
    const { orderId } = parseInput(z.object({ orderId: orderIdField }), await readJson(c));
    await markCodPaid(c.var.db, orderId);
    return c.json({ success: true, msg: "Payment received" });
  });
