import { Hono } from "hono";
import { conflict, parseInput } from "@worker/errors";
import { checkout } from "@worker/services/checkout";
import { orderAgain } from "@worker/services/order-again";
import { shopperOrder } from "@worker/services/order-detail";
import { cancelByShopper, cancelBySeller, markCodPaid, moveOrder } from "@worker/services/order-status";
import { markRefunded } from "@worker/services/order-refund";
import { refundOrder } from "@worker/payments/refunds";
import { listUserOrders, toApiOrder } from "@worker/services/orders";
import { sellerOrdersPage } from "@worker/services/seller-orders";
import { requireSeller, requireSellerRole, requireShopper, type ApiEnv } from "./auth";
import { orderRefInput, orderStatusInput, sellerOrdersQuery } from "@worker/validation/order";
import { readJson } from "./body";

export const orderRoutes = new Hono<ApiEnv>()
  .post("/cod", requireShopper, async (c) => {
    const { order, created } = await checkout(c.var.store, c.var.user, await readJson(c), "COD");
    return c.json({ success: true, msg: "Order Placed Successfully", orderId: order.id }, created ? 201 : 200);
  })
  .post("/stripe", requireShopper, async (c) => {
    const { order, created, paymentUrl } = await checkout(c.var.store, c.var.user, await readJson(c), "Online", c.req.header("origin") ?? null);
    // A replayed key of an order paid meanwhile: nothing left to pay.
    if (!paymentUrl) throw conflict("This order was already placed.");
    return c.json({ success: true, url: paymentUrl, orderId: order.id, msg: "" }, created ? 201 : 200);
  })
  .get("/user", requireShopper, async (c) => {
    const orders = await listUserOrders(c.var.db, c.var.user.id);
    return c.json({ success: true, orders: orders.map((order) => toApiOrder(order, c.env.APP_URL)), msg: "" });
  })
  .get("/user/:id", requireShopper, async (c) => {
    const order = await shopperOrder(c.var.db, c.var.user.id, c.req.param("id"));
    return c.json({ success: true, order: toApiOrder(order, c.env.APP_URL), msg: "" });
  })
  .post("/again", requireShopper, async (c) => {
    const { cart, added, limited, unavailable, alreadyInCart, msg } = await orderAgain(c.var.db, c.var.user.id, await readJson(c));
    return c.json({ success: true, msg, cartItems: cart, added, limited, unavailable, alreadyInCart });
  })
  .post("/cancel", requireShopper, async (c) => {
    const order = await cancelByShopper(c.var.store, c.var.user.id, await readJson(c));
    return c.json({ success: true, msg: "Order cancelled", status: order.status });
  })
  .get("/seller", requireSeller, async (c) => {
    const { orders, ...counts } = await sellerOrdersPage(c.var.db, parseInput(sellerOrdersQuery, c.req.query()));
    return c.json({ success: true, orders: orders.map((order) => toApiOrder(order, c.env.APP_URL)), ...counts, msg: "" });
  })
  .post("/status", requireSeller, async (c) => {
    const body = await readJson(c);
    const { orderId, status } = parseInput(orderStatusInput, body);
    // Cancelling takes the seller's reason (and note) from the same body.
    const order = status === "Cancelled" ? await cancelBySeller(c.var.store, body) : await moveOrder(c.var.store, orderId, status);
    return c.json({ success: true, msg: `Order is now ${order.status}`, status: order.status });
  })
  .post("/mark-paid", requireSeller, async (c) => {
    const { orderId } = parseInput(orderRefInput, await readJson(c));
    await markCodPaid(c.var.db, orderId);
    return c.json({ success: true, msg: "Payment received" });
  })
  .post("/refunded", requireSellerRole, async (c) => {
    const order = await markRefunded(c.var.store, await readJson(c));
    return c.json({ success: true, msg: "Refund recorded", paymentState: order.paymentState, refundedAt: new Date(order.refundedAt!).toISOString() });
  })
  .post("/refund", requireSellerRole, async (c) => c.json({ success: true, msg: await refundOrder(c.var.store, await readJson(c)) }));
