import { Hono } from "hono";
import { saveCart } from "@worker/services/cart";
import { requireShopper } from "./auth";
import { readJson } from "./body";
import type { ApiEnv } from "./types";

export const cartRoutes = new Hono<ApiEnv>().post("/update", requireShopper, async (c) => {
  await saveCart(c.var.db, c.var.user.id, await readJson(c));
  return c.json({ success: true, msg: "Cart Updated" });
});
