import { redirect } from "react-router";
import { fromContext } from "@worker/web/context";
import { sellerLogoutHeaders } from "@worker/web/seller-forms";
import type { Route } from "./+types/logout";
import { withFlash } from "@worker/web/flash";

export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  return withFlash(redirect("/", { headers: await sellerLogoutHeaders(request, fromContext(context)) }), { kind: "success", message: "Logged Out" });
}
