import { redirect } from "react-router";
import type { Route } from "./+types/sign-up-redirect";

/** /register and /signup: the sign-up form is the login page's other mode. */
export function loader({ request }: Route.LoaderArgs) {
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  return redirect(`/login?${new URLSearchParams({ mode: "signup", ...(redirectTo && { redirectTo }) })}`, 301);
}
