import { redirect } from "react-router";
import { runAction } from "@worker/web/action-result";
import { fromContext } from "@worker/web/context";
import { submitAuthForm } from "@worker/web/shopper-session";
import { shopperOf } from "@worker/web/shopper-state";
import { AuthForm } from "~/components/account/AuthForm";
import { pageMeta } from "~/lib/site";
import { safeLocalPath } from "@shared/redirect";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => pageMeta("Login", "Log in or create an account to order and follow your deliveries.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeLocalPath(url.searchParams.get("redirectTo"));
  if (await shopperOf(context).user()) throw redirect(redirectTo);
  return { redirectTo, mode: url.searchParams.get("mode") === "signup" ? ("register" as const) : ("login" as const) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return runAction(async () => {
    const { headers, redirectTo } = await submitAuthForm(request, fromContext(context));
    return redirect(redirectTo, { headers });
  });
}

/** The login modal as a page: where the Login button leads before JavaScript loads. */
export default function LoginPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto mt-16 max-w-sm rounded-lg border border-gray-200 p-8 shadow-sm">
      <AuthForm initialMode={loaderData.mode} redirectTo={loaderData.redirectTo} />
    </div>
  );
}
