import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { RouterContextProvider } from "react-router";
import { getDb } from "@worker/db/client";
import { DEFAULT_STORE_SETTINGS, toApiSettings } from "@worker/services/store-settings";
import { workerContext } from "@worker/web/context";
import { shopperMiddleware } from "@worker/web/shopper-state";
import { ORIGIN, postJson } from "./http";
import { OPEN_ALL_DAY } from "@shared/store-hours";

/** The tests' store is open around the clock, so a promise does not depend on when they run (setup.ts); hours tests set their own. */
export const TEST_STORE_SETTINGS = { ...DEFAULT_STORE_SETTINGS, openingHours: OPEN_ALL_DAY };

/** The tests' settings as `POST /api/seller/settings` takes them (the tax as a percentage). */
export const DEFAULT_SETTINGS_INPUT = toApiSettings(TEST_STORE_SETTINGS);

/** Save settings through the seller's API (the defaults with `changes` on top); expects success. */
export async function saveSettings(sellerCookie: string, changes: Record<string, unknown>) {
  const response = await postJson("/api/seller/settings", { ...DEFAULT_SETTINGS_INPUT, ...changes }, { Cookie: sellerCookie });
  expect(response.status, await response.clone().text()).toBe(200);
  return response;
}

/** A page request's React Router context as worker/index.ts builds it, after the root's middleware. */
export async function pageContext(request: Request): Promise<RouterContextProvider> {
  const context = new RouterContextProvider();
  context.set(workerContext, { env, ctx: createExecutionContext(), db: getDb(env) });
  await shopperMiddleware({ request, context } as never, async () => new Response(null));
  return context;
}

/** A form post to a page, as the browser sends it without JavaScript (a document navigation) or through a fetcher. */
export function pageForm(path: string, fields: Record<string, string>, { cookie, document = false }: { cookie?: string; document?: boolean } = {}): Request {
  return new Request(new URL(path, ORIGIN), {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: ORIGIN,
      ...(cookie && { Cookie: cookie }),
      ...(document && { "Sec-Fetch-Dest": "document" }),
    },
    body: new URLSearchParams(fields),
  });
}
