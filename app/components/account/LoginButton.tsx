import { useLocation, Link } from "react-router";
import { loginPagePath, requestLogin } from "~/lib/login-dialog";

/**
 * The Login button: a link to /login, so it works before JavaScript loads; once the login modal is
 * mounted (app/root.tsx) it opens the modal instead.
 */
export function LoginButton() {
  const location = useLocation();
  // Back to this page once signed in (or signed up), with or without JavaScript.
  const here = `${location.pathname}${location.search}`;
  return (
    <Link
      to={loginPagePath("login", here)}
      onClick={(event) => {
        // Hydrated: the dialog instead of the page (before hydration the link is simply followed).
        event.preventDefault();
        requestLogin(here);
      }}
      className="rounded-full bg-primary px-8 py-2 text-white transition hover:bg-primary-dull"
    >
      Login
    </Link>
  );
}
