/**
 * Run a page route's loader or action inside the Workers runtime as React Router would for one
 * request: the Worker's context (worker/web/context.ts) with the real local D1/KV, after the root's
 * middleware (and the seller layout's guard, for seller routes): a loader's or an action's own
 * answer, which the rendered page (through `call`, tests/support/http.ts) would bury in HTML.
 */
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import * as root from "~/root";
import * as sellerLayout from "~/routes/seller/layout";
import { getDb } from "@worker/db/client";
import { workerContext } from "@worker/web/context";
import { ORIGIN } from "./http";

type Middleware = (args: never, next: () => Promise<Response>) => unknown;
type RouteFunction = (args: never) => unknown;

export type RouteCall = { path: string; cookie?: string; params?: Record<string, string>; seller?: boolean; form?: Record<string, string>; document?: boolean };

/** What the loader or action returned, or the Response / data() error it threw. */
export async function runRoute(
  fn: RouteFunction,
  { path, cookie, params = {}, seller = false, form, document = false }: RouteCall,
): Promise<{ value?: unknown; thrown?: unknown }> {
  const headers: Record<string, string> = { Origin: ORIGIN };
  if (cookie) headers.Cookie = cookie;
  if (document) headers["Sec-Fetch-Dest"] = "document";
  const request = form
    ? new Request(new URL(path, ORIGIN), {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form),
      })
    : new Request(new URL(path, ORIGIN), { headers });
  const context = new RouterContextProvider();
  context.set(workerContext, { env, ctx: createExecutionContext(), db: getDb(env) });
  const args = { request, context, params, url: new URL(request.url), pattern: "" } as never;
  const next = async () => new Response(null);
  try {
    for (const run of root.middleware as Middleware[]) await run(args, next);
    if (seller) for (const run of sellerLayout.middleware as Middleware[]) await run(args, next);
    return { value: await fn(args) };
  } catch (thrown) {
    return { thrown };
  }
}

/** The status of what a route returned or threw: a Response, or data(…, { status }); 200 for plain data. */
export function statusOf(outcome: { value?: unknown; thrown?: unknown }): number {
  const it = outcome.thrown ?? outcome.value;
  if (it instanceof Response) return it.status;
  return (it as { init?: { status?: number } } | undefined)?.init?.status ?? 200;
}

/** The data a route returned (unwrapping data(…)). */
export function dataOf<T>(outcome: { value?: unknown; thrown?: unknown }): T {
  const it = (outcome.thrown ?? outcome.value) as { type?: string; data?: unknown };
  return (it && typeof it === "object" && it.type === "DataWithResponseInit" ? it.data : it) as T;
}
