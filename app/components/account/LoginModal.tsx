import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useLocation, useNavigation } from "react-router";
import { Link } from "~/components/Link";
import { loginPagePath, onLoginRequested, requestLogin } from "~/lib/login-dialog";

// Loaded when the dialog first opens: every shop page has the dialog, few visits open it (first-load budget).
const AuthForm = lazy(() => import("./AuthForm").then((module) => ({ default: module.AuthForm })));

/**
 * The Login button and its modal. The button is a link to /login, so it works before JavaScript
 * loads; once hydrated it opens a native <dialog>, which traps focus, closes on Escape and returns
 * focus to the button. A click on the backdrop closes it too.
 */
export function LoginButton() {
  const location = useLocation();
  // Back to this page once signed in (or signed up), with or without JavaScript.
  const here = `${location.pathname}${location.search}`;
  return (
    <Link
      to={loginPagePath("login", here)}
      onClick={(event) => {
        if (requestLogin(here)) event.preventDefault();
      }}
      className="rounded-full bg-primary px-8 py-2 text-white transition hover:bg-primary-dull"
    >
      Login
    </Link>
  );
}

export function LoginModal() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [redirectTo, setRedirectTo] = useState<string | null>(null);
  const navigation = useNavigation();

  useEffect(
    () =>
      onLoginRequested((target) => {
        setRedirectTo(target);
        dialog.current?.showModal();
      }),
    [],
  );

  // A successful login navigates away: close the dialog with it.
  useEffect(() => {
    if (navigation.state === "loading") dialog.current?.close();
  }, [navigation.state]);

  return (
    // A click on the backdrop closes the dialog, for the mouse; Escape (native to <dialog>) and the
    // close button are the keyboard's ways.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialog}
      aria-label="Login"
      onClose={() => setRedirectTo(null)}
      onClick={(event) => {
        if (event.target === dialog.current) dialog.current.close();
      }}
      className="m-auto w-[90vw] max-w-sm rounded-lg p-0 shadow-xl backdrop:bg-black/50"
    >
      <div className="relative p-8">
        <button
          type="button"
          onClick={() => dialog.current?.close()}
          aria-label="Close"
          className="absolute right-3 top-2 text-2xl text-gray-500 hover:text-gray-800"
        >
          ×
        </button>
        {redirectTo !== null && (
          <Suspense fallback={<p className="py-8 text-center text-gray-500">Loading…</p>}>
            <AuthForm redirectTo={redirectTo} />
          </Suspense>
        )}
      </div>
    </dialog>
  );
}
