import { redirect } from "react-router";
import { answerForm } from "@worker/web/form-answer";
import { withFlash } from "@worker/web/flash";
import { fromContext } from "@worker/web/context";
import { submitAuthForm } from "@worker/web/shopper-session";
import { shopperOf } from "@worker/web/shopper-state";
import { AuthForm } from "~/components/account/AuthForm";
import { pageMeta } from "~/lib/site";
import { refusalIn } from "~/lib/refill";
import { safeLocalPath } from "@shared/redirect";
import { useShopperState } from "~/lib/root-data";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(loaderData?.mode === "register" ? "Sign up" : "Login", "Log in or create an account to order and follow your deliveries.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeLocalPath(url.searchParams.get("redirectTo"));
  if (await shopperOf(context).user()) throw redirect(redirectTo);
  return { redirectTo, mode: url.searchParams.get("mode") === "signup" ? ("register" as const) : ("login" as const) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const logIn = async () => {
    const { headers, redirectTo, welcome } = await submitAuthForm(request, fromContext(context));
    return withFlash(redirect(redirectTo, { headers }), { kind: "success", message: welcome });
  };
  // Refused without JavaScript: back to this page with the reason as a flash, keeping the name and e-mail typed.
  return answerForm(request, logIn, { refusal: { keep: ["name", "email"] } });
}

/** The login modal as a page: where Login leads before JavaScript loads. */
export default function LoginPage({ loaderData }: Route.ComponentProps) {
  // The refusal's flash is shown in the form too, where it stays (a toast leaves).
  const flash = useShopperState()?.flash;
  return (
    <div className="mx-auto mt-16 max-w-sm rounded-lg border border-gray-200 p-8 shadow-sm">
      <AuthForm key={loaderData.mode} initialMode={loaderData.mode} redirectTo={loaderData.redirectTo} refusal={refusalIn(flash)} heading="h1" />
    </div>
  );
}
