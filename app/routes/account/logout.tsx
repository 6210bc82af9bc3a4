import { redirect } from "react-router";
import { fromContext } from "@worker/web/context";
import { endShopperSession, setCookies } from "@worker/web/shopper-session";
import type { Route } from "./+types/logout";
import { withFlash } from "@worker/web/flash";

/** Logging out changes state, so it is a POST; a stray GET just goes home. */
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  return withFlash(redirect("/", { headers: setCookies(await endShopperSession(request, fromContext(context))) }), { kind: "success", message: "Logged Out" });
}
