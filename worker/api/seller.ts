import { Hono } from "hono";
import { limitSellerLogin } from "@worker/security/rate-limit";
import { createSession, destroySession } from "@worker/web/session";
import { checkSellerLogin } from "@worker/services/seller-auth";
import { readStoreSettings, saveStoreSettings, toApiSettings } from "@worker/services/store-settings";
import { dashboardFigures, toDashboardJson } from "@worker/services/dashboard";
import { accountByEmail, ACCOUNT_DELETED, erasePersonalData, personalData } from "@worker/services/personal-data";
import { requireSeller, requireSellerRole, sameSiteOnly, type ApiEnv } from "./auth";
import { readJson } from "./body";

export const sellerRoutes = new Hono<ApiEnv>()
  .post("/login", async (c) => {
    const input = await readJson(c);
    await limitSellerLogin(c.env, c.req.raw, input);
    checkSellerLogin(c.env, input);
    c.header("Set-Cookie", await createSession(c.req.raw, c.env, "seller", { seller: true }));
    return c.json({ success: true, msg: "Logged In" });
  })
  .get("/is-auth", requireSeller, (c) => c.json({ success: true, msg: "" }))
  .get("/dashboard", requireSellerRole, async (c) => c.json({ success: true, msg: "", dashboard: toDashboardJson(await dashboardFigures(c.var.db)) }))
  .get("/logout", sameSiteOnly, async (c) => {
    c.header("Set-Cookie", (await destroySession(c.req.raw, c.env, "seller")).setCookie);
    return c.json({ success: true, msg: "Logged Out" });
  })
  .get("/settings", requireSeller, async (c) => c.json({ success: true, msg: "", settings: toApiSettings(await readStoreSettings(c.var.db)) }))
  .post("/settings", requireSeller, async (c) => {
    const settings = await saveStoreSettings(c.var.db, await readJson(c));
    return c.json({ success: true, msg: "Settings saved", settings: toApiSettings(settings) });
  })
  // A shopper's data rights, asked for by e-mail (ADR 074).
  .post("/personal-data", requireSellerRole, async (c) =>
    c.json({ success: true, msg: "", data: await personalData(c.var.store, await accountByEmail(c.var.db, await readJson(c))) }),
  )
  .post("/personal-data/erase", requireSellerRole, async (c) => {
    await erasePersonalData(c.var.store, await accountByEmail(c.var.db, await readJson(c)));
    return c.json({ success: true, msg: ACCOUNT_DELETED });
  });
