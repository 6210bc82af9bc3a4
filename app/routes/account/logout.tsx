import { redirect } from "react-router";
import { fromContext } from "@worker/web/context";
import { homeAfterLogout } from "@worker/web/flash";
import { endShopperSession } from "@worker/web/shopper-session";
import type { Route } from "./+types/logout";

/** Logging out changes state, so it is a POST; a stray GET just goes home. */
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  return homeAfterLogout(await endShopperSession(request, fromContext(context)));
}
