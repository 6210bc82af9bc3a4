import { Hono } from "hono";
import { clearedCartCookie } from "../cart-cookie";
import { limitAuthAttempt } from "../security/rate-limit";
import { createSession, destroySession } from "../session";
import { login, publicUser, register } from "../services/accounts";
import { guestCart } from "../services/shopper-state";
import { requireShopper } from "./auth";
import { readJson } from "./body";
import type { ApiEnv } from "./types";

export const userRoutes = new Hono<ApiEnv>()
  .post("/register", async (c) => {
    const input = await readJson(c);
    await limitAuthAttempt(c.env, c.req.raw, input, "register");
    const user = await register(c.var.db, input, guestCart(c.req.raw));
    c.header("Set-Cookie", await createSession(c.req.raw, c.env, "shopper", { userId: user.id }), { append: true });
    c.header("Set-Cookie", clearedCartCookie(c.req.raw), { append: true });
    return c.json({ success: true, user: publicUser(user), msg: "Account created" }, 201);
  })
  .post("/login", async (c) => {
    const input = await readJson(c);
    await limitAuthAttempt(c.env, c.req.raw, input, "login");
    const user = await login(c.var.db, input, guestCart(c.req.raw));
    c.header("Set-Cookie", await createSession(c.req.raw, c.env, "shopper", { userId: user.id }), { append: true });
    c.header("Set-Cookie", clearedCartCookie(c.req.raw), { append: true });
    return c.json({ success: true, user: publicUser(user), msg: "Logged in" });
  })
  .get("/is-auth", requireShopper, (c) => c.json({ success: true, user: publicUser(c.var.user) }))
  .get("/logout", async (c) => {
    c.header("Set-Cookie", await destroySession(c.req.raw, c.env, "shopper"), { append: true });
    c.header("Set-Cookie", clearedCartCookie(c.req.raw), { append: true });
    return c.json({ success: true, msg: "Logged Out" });
  });
