import { redirect } from "react-router";
import { runAction } from "@worker/action-result";
import { fromContext } from "@worker/context";
import { sellerLoginForm } from "@worker/services/seller-forms";
import type { Route } from "./+types/login";

export function loader() {
  return redirect("/seller");
}

export async function action({ request, context }: Route.ActionArgs) {
  return runAction(async () => redirect("/seller", { headers: await sellerLoginForm(request, fromContext(context)) }));
}
