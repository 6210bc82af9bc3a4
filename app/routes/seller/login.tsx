import { redirect } from "react-router";
import { sellerReturnPath } from "@shared/redirect";
import { answerForm } from "@worker/web/form-answer";
import { fromContext } from "@worker/web/context";
import { withFlash } from "@worker/web/flash";
import { readSession } from "@worker/web/session";
import { sellerLoginForm } from "@worker/web/seller-forms";
import { SellerLogin } from "~/components/seller/SellerLogin";
import { useShopperState } from "~/lib/root-data";
import { sellerPageMeta } from "~/lib/site";
import { refillFrom, refusalIn } from "~/lib/refill";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => sellerPageMeta("Seller Login", "Sign in to manage the store.");

/** Where to go once logged in: `?redirectTo=`, a seller page (shared/redirect.ts). */
function returnTo(request: Request): string {
  return sellerReturnPath(new URL(request.url).searchParams.get("redirectTo"));
}

/** The seller goes on to their pages; anyone else gets the login form. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if ((await readSession(request, fromContext(context).env, "seller"))?.seller) throw redirect(returnTo(request));
  return { returnTo: returnTo(request) };
}

/**
 * The seller login form's action. Posted by the browser (the form is a plain one), a refusal comes
 * back to this page with the message as a toast and the e-mail typed, never as JSON; another
 * client's post gets `{ ok: false, msg }`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return answerForm(
    request,
    async () =>
      withFlash(redirect(returnTo(request), { headers: await sellerLoginForm(request, fromContext(context)) }), { kind: "success", message: "Logged In" }),
    { refusal: { keep: ["email"] } },
  );
}

export default function SellerLoginPage({ loaderData }: Route.ComponentProps) {
  const refusal = refusalIn(useShopperState()?.flash);
  return <SellerLogin returnTo={loaderData.returnTo} email={refillFrom(refusal)("email", undefined)} refusal={refusal?.msg} />;
}
