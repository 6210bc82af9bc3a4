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

const returnTo = (request: Request) => sellerReturnPath(new URL(request.url).searchParams.get("redirectTo"));

export async function loader({ request, context }: Route.LoaderArgs) {
  if ((await readSession(request, fromContext(context).env, "seller"))?.seller) throw redirect(returnTo(request));
  return { returnTo: returnTo(request) };
}

/** A browser's refused post comes back here with a flash toast and the e-mail typed; another client gets `{ ok: false, msg }`. */
export async function action({ request, context }: Route.ActionArgs) {
  const logIn = async () =>
    withFlash(redirect(returnTo(request), { headers: await sellerLoginForm(request, fromContext(context)) }), { kind: "success", message: "Logged In" });
  return answerForm(request, logIn, { refusal: { keep: ["email"] } });
}

export default function SellerLoginPage({ loaderData }: Route.ComponentProps) {
  const refusal = refusalIn(useShopperState()?.flash);
  return <SellerLogin returnTo={loaderData.returnTo} email={refillFrom(refusal)("email", undefined)} refusal={refusal?.msg} />;
}
