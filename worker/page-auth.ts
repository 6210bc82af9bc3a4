import { data, redirect } from "react-router";
import type { WorkerContext } from "./context";
import type { User } from "./db/schema";
import { readSession } from "./session";
import { currentUser } from "./services/shopper-state";

/** For pages only shoppers may see: the user, or a redirect to the login page that comes back here. */
export async function requireUserPage(request: Request, worker: WorkerContext, loginTarget?: string): Promise<User> {
  const user = await currentUser(request, worker);
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(loginTarget ?? `/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/** For seller pages: refuse anyone else on the server (the seller layout shows its login form for 401). */
export async function requireSellerPage(request: Request, worker: WorkerContext): Promise<void> {
  const session = await readSession(request, worker.env, "seller");
  if (!session?.seller) throw data("Seller login required", { status: 401 });
}
