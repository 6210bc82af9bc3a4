import { redirect } from "react-router";
import { fromContext } from "@worker/web/context";
import { LOGGED_OUT, withFlash } from "@worker/web/flash";
import { endShopperSession, setCookies } from "@worker/web/shopper-session";
import { shopperOf } from "@worker/web/shopper-state";
import type { Route } from "./+types/logout";

/** Logging out changes state, so it is a POST; a stray GET just goes home. */
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  // Read before the session ends: only a logout that ended one says so (a stray or repeated one says nothing).
  const signedIn = (await shopperOf(context).userId()) !== null;
  const response = redirect("/", { headers: setCookies(await endShopperSession(request, fromContext(context))) });
  return signedIn ? withFlash(response, LOGGED_OUT) : response;
}
