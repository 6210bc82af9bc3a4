import { Hono } from "hono";
import { conflict, parseInput } from "@worker/errors";
import { checkout } from "@worker/services/checkout";
import { cancelByShopper, markCodPaid, moveOrder } from "@worker/services/order-status";
import { listUserOrders, toApiOrder } from "@worker/services/orders";
import { sellerOrdersPage } from "@worker/services/seller-orders";
import { requireSeller, requireShopper } from "./auth";
import { orderRefInput, orderStatusInput, sellerOrdersQuery } from "@worker/validation/order";
import { readJson } from "./body";
import type { ApiEnv } from "./types";


export const orderRoutes = new Hono<ApiEnv>()
  .post("/cod", requireShopper, async (c) => {
    const { order, created } = await checkout({ db: c.var.db, env: c.env }, c.var.user, await readJson(c), "COD");
    return c.json({ success: true, msg: "Order Placed Successfully", orderId: order.id }, created ? 201 : 200);
  })
  .post("/stripe", requireShopper, async (c) => {
    const { order, created, paymentUrl } = await checkout({ db: c.var.db, env: c.env }, c.var.user, await readJson(c), "Online", c.req.header("origin") ?? null);
    // A replayed key of an order paid meanwhile: nothing left to pay.
    if (!paymentUrl) throw conflict("This order was already placed.");
    return c.json({ success: true, url: paymentUrl, orderId: order.id, msg: "" }, created ? 201 : 200);
  })
  .get("/user", requireShopper, async (c) => {
    const orders = await listUserOrders(c.var.db, c.var.user.id);
    return c.json({ success: true, orders: orders.map((order) => toApiOrder(order, c.env.APP_URL)), msg: "" });
  })
  .post("/cancel", requireShopper, async (c) => {
    const { orderId } = parseInput(orderRefInput, await readJson(c));
    const order = await cancelByShopper({ db: c.var.db, env: c.env }, c.var.user.id, orderId);
    return c.json({ success: true, msg: "Order cancelled", status: order.status });
  })
  .get("/seller", requireSeller, async (c) => {
    const query = parseInput(sellerOrdersQuery, c.req.query());
    const page = await sellerOrdersPage(c.var.db, query);
    return c.json({ success: true, orders: page.orders.map((order) => toApiOrder(order, c.env.APP_URL)), nextBefore: page.nextBefore, awaitingPacking: page.awaitingPacking, msg: "" });
  })
  .post("/status", requireSeller, async (c) => {
    const { orderId, status } = parseInput(orderStatusInput, await readJson(c));
    const order = await moveOrder({ db: c.var.db, env: c.env }, orderId, status);
    return c.json({ success: true, msg: `Order is now ${order.status}`, status: order.status });
  })
  .post("/mark-paid", requireSeller, async (c) => {
    const { orderId } = parseInput(orderRefInput, await readJson(c));
    await markCodPaid(c.var.db, orderId);
    return c.json({ success: true, msg: "Payment received" });
  });
