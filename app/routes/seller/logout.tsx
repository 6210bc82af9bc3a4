import { redirect } from "react-router";
import { fromContext } from "@worker/web/context";
import { LOGGED_OUT, withFlash } from "@worker/web/flash";
import { sellerLogoutHeaders } from "@worker/web/seller-forms";
import { readSession } from "@worker/web/session";
import type { Route } from "./+types/logout";

export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const worker = fromContext(context);
  // Read before the session ends: only a logout that ended one says so (a stray or repeated one says nothing).
  const signedIn = (await readSession(request, worker.env, "seller")) !== null;
  const response = redirect("/", { headers: await sellerLogoutHeaders(request, worker) });
  return signedIn ? withFlash(response, LOGGED_OUT) : response;
}
