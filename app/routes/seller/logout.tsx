import { redirect } from "react-router";
import { fromContext } from "@worker/web/context";
import { homeAfterLogout } from "@worker/web/flash";
import { endSellerSession } from "@worker/web/seller-forms";
import type { Route } from "./+types/logout";

export const loader = () => redirect("/");

export async function action({ request, context }: Route.ActionArgs) {
  return homeAfterLogout(await endSellerSession(request, fromContext(context)));
}
