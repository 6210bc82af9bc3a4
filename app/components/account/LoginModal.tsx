import { useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";
import { onLoginRequested } from "~/lib/login-dialog";
import { AuthForm } from "./AuthForm";

/**
 * The login modal: a native <dialog>, which traps focus, closes on Escape and returns focus to the
 * button. A click on the backdrop closes it too. The root mounts it lazily after hydration (it is
 * in no page's first load); the Login button (./LoginButton.tsx) is a link to /login until then.
 */
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

  // Once its form is there, the opened dialog puts the focus on the first field, the e-mail (on
  // its own it would focus itself, or Close). Each opening sets `redirectTo` anew (closing clears it).
  useEffect(() => {
    if (redirectTo !== null && dialog.current?.open) dialog.current.querySelector<HTMLInputElement>("input:not([type=hidden])")?.focus();
  }, [redirectTo]);

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
        {redirectTo !== null && <AuthForm redirectTo={redirectTo} />}
        {/* After the form: the first Tab stop is the e-mail. */}
        <button
          type="button"
          onClick={() => dialog.current?.close()}
          aria-label="Close"
          className="absolute right-3 top-2 text-2xl text-gray-500 hover:text-gray-800"
        >
          ×
        </button>
      </div>
    </dialog>
  );
}
