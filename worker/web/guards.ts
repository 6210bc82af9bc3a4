import { data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { fromContext } from "./context";
import { pageAddressOf } from "./page-address";
import { readSession } from "./session";
import { shopperOf, type ShopperState } from "./shopper-state";

type Context = Readonly<RouterContextProvider>;

/**
 * For pages only shoppers may see: the signed-in shopper (looked up once per request, shared with
 * the root loader), or a redirect to the login page that comes back here.
 */
export async function requireUserPage(request: Request, context: Context, loginTarget?: string): Promise<NonNullable<ShopperState["user"]>> {
  const user = await shopperOf(context).user();
  if (user) return { id: user.id, name: user.name, email: user.email };
  throw toLogin(request, loginTarget);
}

/**
 * The same check for a loader that reads the user row in its own D1 batch (one round trip even
 * when the root loader does not run, as on a client-side navigation): the session's user id only,
 * or a redirect. The loader then sends the shopper to `toLogin` if the account is gone.
 */
export async function requireShopperId(request: Request, context: Context, loginTarget?: string): Promise<string> {
  const userId = await shopperOf(context).userId();
  if (userId) return userId;
  throw toLogin(request, loginTarget);
}

export function toLogin(request: Request, loginTarget?: string): Response {
  return redirect(loginTarget ?? `/login?redirectTo=${encodeURIComponent(pageAddressOf(request))}`);
}

/**
 * The seller layout's middleware: every loader and action below /seller refuses anyone but the
 * seller, on the server (the layout's error boundary shows the seller login form for the 401).
 */
export const sellerOnly: MiddlewareFunction<Response> = async ({ request, context }) => {
  const session = await readSession(request, fromContext(context).env, "seller");
  if (!session?.seller) throw data("Seller login required", { status: 401 });
};
