import { redirect } from "react-router";
import { runAction } from "@worker/web/action-result";
import { fromContext } from "@worker/web/context";
import { sellerLoginForm } from "@worker/web/seller-forms";
import type { Route } from "./+types/login";

export function loader() {
  return redirect("/seller");
}

export async function action({ request, context }: Route.ActionArgs) {
  return runAction(async () => redirect("/seller", { headers: await sellerLoginForm(request, fromContext(context)) }));
}
