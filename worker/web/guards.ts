import { data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { Database } from "@worker/db/client";
import { fromContext } from "./context";
import { loadPage } from "./loader-result";
import { pageAddressOf } from "./page-address";
import { readSession } from "./session";
import { shopperOf, type ShopperState } from "./shopper-state";

type Context = Readonly<RouterContextProvider>;

/** The signed-in shopper, or a redirect to the login page that comes back here. */
export async function requireUserPage(request: Request, context: Context, loginTarget?: string): Promise<NonNullable<ShopperState["user"]>> {
  const user = await shopperOf(context).user();
  if (user) return { id: user.id, name: user.name, email: user.email };
  throw toLogin(request, loginTarget);
}

/** The session's user id, the account not read (`loadShopperPage` reads it with the page). */
export async function requireShopperId(request: Request, context: Context, loginTarget?: string): Promise<string> {
  const userId = await shopperOf(context).userId();
  if (userId) return userId;
  throw toLogin(request, loginTarget);
}

/** A shopper's page, `read` for the session's user id with the account row in one batch: a gone account goes to the login page. */
export async function loadShopperPage<T extends { userExists: boolean }>(request: Request, context: Context, read: (db: Database, id: string) => Promise<T>) {
  const userId = await requireShopperId(request, context);
  const page = await loadPage(() => read(fromContext(context).db, userId));
  if (!page.userExists) throw toLogin(request);
  return page as Exclude<T, { userExists: false }>;
}

/** After a post, 303 See Other (as every form's answer): the login page is read with a GET. */
export const toLogin = (request: Request, loginTarget?: string): Response =>
  redirect(loginTarget ?? `/login?redirectTo=${encodeURIComponent(pageAddressOf(request))}`, request.method === "GET" ? 302 : 303);

/** The seller layout's middleware (its error boundary shows the login form for the 401). */
export const sellerOnly: MiddlewareFunction<Response> = async ({ request, context }) => {
  const session = await readSession(request, fromContext(context).env, "seller");
  if (!session?.seller) throw data("Seller login required", { status: 401 });
};
