import { Hono } from "hono";
import { subscribe } from "../services/newsletter";
import { readJson } from "./body";
import type { ApiEnv } from "./types";

export const newsletterRoutes = new Hono<ApiEnv>().post("/subscribe", async (c) => {
  const result = await subscribe(c.var.db, await readJson(c));
  return c.json({ success: true, msg: result.msg }, result.created ? 201 : 200);
});
