import { Hono, type Context } from "hono";
import type { Notification } from "@worker/db/schema";
import { publicUser } from "@worker/services/accounts";
import { latestNotifications } from "@worker/services/notifications";
import { ACCOUNT_DELETED, eraseOwnAccount, personalData } from "@worker/services/personal-data";
import { authenticate, endShopperSession } from "@worker/web/shopper-session";
import { requireShopper, sameSiteOnly, type ApiEnv } from "./auth";
import { readJson } from "./body";

const appendCookies = <E extends ApiEnv>(c: Context<E>, cookies: string[]) => cookies.forEach((cookie) => c.header("Set-Cookie", cookie, { append: true }));
/** Logout's and account deletion's: the session ended, its cookies cleared. */
const endSession = async <E extends ApiEnv>(c: Context<E>) => appendCookies(c, (await endShopperSession(c.req.raw, c.var.store)).cookies);

const signIn = (kind: "login" | "register", msg: string, status: 200 | 201) => async (c: Context<ApiEnv>) => {
  const { user, cookies } = await authenticate(c.req.raw, c.var.store, await readJson(c), kind);
  appendCookies(c, cookies);
  return c.json({ success: true, user: publicUser(user), msg }, status);
};

const toApiNotification = ({ id, orderId, event, message, createdAt }: Notification) => ({
  _id: id,
  orderId,
  event,
  message,
  createdAt: new Date(createdAt).toISOString(),
});

export const userRoutes = new Hono<ApiEnv>()
  .post("/register", signIn("register", "Account created", 201))
  .post("/login", signIn("login", "Logged in", 200))
  .get("/is-auth", requireShopper, (c) => c.json({ success: true, user: publicUser(c.var.user) }))
  .get("/notifications", requireShopper, async (c) => {
    const notifications = (await latestNotifications(c.var.db, c.var.user.id)).map(toApiNotification);
    return c.json({ success: true, notifications });
  })
  .get("/logout", sameSiteOnly, async (c) => {
    await endSession(c);
    return c.json({ success: true, msg: "Logged Out" });
  })
  // The shopper's data rights (ADR 074).
  .get("/data", requireShopper, async (c) => c.json({ success: true, data: await personalData(c.var.store, c.var.user.id) }))
  .post("/delete", requireShopper, async (c) => {
    await eraseOwnAccount(c.var.store, c.var.user.id, await readJson(c));
    await endSession(c);
    return c.json({ success: true, msg: ACCOUNT_DELETED });
  });
