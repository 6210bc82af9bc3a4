import { Hono } from "hono";
import { limitNewsletter } from "@worker/security/rate-limit";
import { subscribe } from "@worker/services/newsletter";
import { readJson } from "./body";
import type { ApiEnv } from "./types";

export const newsletterRoutes = new Hono<ApiEnv>().post("/subscribe", async (c) => {
  const input = await readJson(c);
  await limitNewsletter(c.env, c.req.raw);
  const result = await subscribe(c.var.db, input);
  return c.json({ success: true, msg: result.msg }, result.created ? 201 : 200);
});
