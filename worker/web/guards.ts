import { data, redirect } from "react-router";
import type { WorkerContext } from "./context";
import { readSession } from "./session";
import { readShopperState, sessionShopperId, type ShopperState } from "@worker/web/shopper-state";

/**
 * For pages only shoppers may see: the signed-in shopper (read once per request, shared with the
 * root loader), or a redirect to the login page that comes back here.
 */
export async function requireUserPage(request: Request, worker: WorkerContext, loginTarget?: string): Promise<NonNullable<ShopperState["user"]>> {
  const { user } = await readShopperState(request, worker);
  if (user) return user;
  throw toLogin(request, loginTarget);
}

/**
 * The same check for a loader that reads the user row in its own D1 batch (one round trip even
 * when the root loader does not run, as on a client-side navigation): the session's user id only,
 * or a redirect. The loader then sends the shopper to `toLogin` if the account is gone.
 */
export async function requireShopperId(request: Request, worker: WorkerContext, loginTarget?: string): Promise<string> {
  const userId = await sessionShopperId(request, worker);
  if (userId) return userId;
  throw toLogin(request, loginTarget);
}

export function toLogin(request: Request, loginTarget?: string): Response {
  const url = new URL(request.url);
  return redirect(loginTarget ?? `/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/** For seller pages: refuse anyone else on the server (the seller layout shows its login form for 401). */
export async function requireSellerPage(request: Request, worker: WorkerContext): Promise<void> {
  const session = await readSession(request, worker.env, "seller");
  if (!session?.seller) throw data("Seller login required", { status: 401 });
}
