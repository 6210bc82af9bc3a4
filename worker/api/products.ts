import { Hono } from "hono";
import { z } from "zod";
import { parseInput } from "../errors";
import { listProducts, MAX_PAGE_SIZE, toApiProduct } from "../services/catalog";
import type { ApiEnv } from "./types";

const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  cursor: z.string().max(200).optional(),
  category: z.string().max(50).optional(),
  search: z.string().max(100).optional(),
});

export const productRoutes = new Hono<ApiEnv>().get("/list", async (c) => {
  const query = parseInput(listQuery, c.req.query());
  const page = await listProducts(c.var.db, query);
  return c.json({
    success: true,
    products: page.products.map(toApiProduct),
    nextCursor: page.nextCursor,
    msg: "",
  });
});
