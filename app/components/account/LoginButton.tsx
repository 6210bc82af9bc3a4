import { useLocation, Link } from "react-router";
import { loginPagePath, requestLogin } from "~/lib/login-dialog";
import { withoutDefault } from "~/lib/without-default";

/** A link to /login (works before JavaScript); once the modal is mounted (app/root.tsx) it opens that instead. */
export function LoginButton() {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <Link
      to={loginPagePath("login", here)}
      onClick={withoutDefault(() => requestLogin(here))}
      className="rounded-full bg-primary px-8 py-2 text-white transition hover:bg-primary-dull"
    >
      Login
    </Link>
  );
}
