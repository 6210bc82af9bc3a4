import { Hono } from "hono";
import { startCheckout } from "../payments/checkout";
import { cardPaymentsEnabled } from "../payments/stripe-client";
import { HttpError } from "../errors";
import { listUserOrders, placeOrder, toApiOrder } from "../services/orders";
import { requireShopper } from "./auth";
import { readJson } from "./body";
import type { ApiEnv } from "./types";

export const orderRoutes = new Hono<ApiEnv>()
  .post("/cod", requireShopper, async (c) => {
    const { order, created } = await placeOrder(c.var.db, c.var.user, await readJson(c), "COD");
    return c.json({ success: true, msg: "Order Placed Successfully", orderId: order.id }, created ? 201 : 200);
  })
  .post("/stripe", requireShopper, async (c) => {
    if (!cardPaymentsEnabled(c.env)) throw new HttpError(503, "Card payment is not available. Please choose Cash On Delivery.");
    const { order, created } = await placeOrder(c.var.db, c.var.user, await readJson(c), "Online");
    if (order.paymentType !== "Online" || order.isPaid) throw new HttpError(409, "This order was already placed.");
    const url = await startCheckout(c.env, c.var.db, order, c.var.user.email);
    return c.json({ success: true, url, orderId: order.id, msg: "" }, created ? 201 : 200);
  })
  .get("/user", requireShopper, async (c) => {
    const orders = await listUserOrders(c.var.db, c.var.user.id);
    return c.json({ success: true, orders: orders.map(toApiOrder), msg: "" });
  });
