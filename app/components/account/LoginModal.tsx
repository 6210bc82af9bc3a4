import { useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";
import { onLoginRequested } from "~/lib/login-dialog";
import { AuthForm } from "./AuthForm";

/** A native <dialog> (focus trap, Escape, focus return); a backdrop click closes it too. Mounted lazily by the root. */
export function LoginModal() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [redirectTo, setRedirectTo] = useState<string | null>(null);
  const navigation = useNavigation();
  const close = () => dialog.current?.close();

  useEffect(() => {
    return onLoginRequested((target) => {
      setRedirectTo(target);
      dialog.current?.showModal();
    });
  }, []);

  // On its own the dialog would focus itself or Close: focus the first field once the form is there.
  useEffect(() => {
    if (redirectTo !== null && dialog.current?.open) dialog.current.querySelector<HTMLInputElement>("input:not([type=hidden])")?.focus();
  }, [redirectTo]);

  useEffect(() => {
    if (navigation.state === "loading") dialog.current?.close();
  }, [navigation.state]);

  return (
    // The backdrop click is for the mouse; Escape and Close are the keyboard's ways.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialog}
      aria-label="Login"
      onClose={() => setRedirectTo(null)}
      onClick={(event) => {
        if (event.target === dialog.current) close();
      }}
      className="m-auto w-[90vw] max-w-sm rounded-lg p-0 shadow-xl backdrop:bg-black/50"
    >
      <div className="relative p-8">
        {redirectTo !== null && <AuthForm redirectTo={redirectTo} />}
        {/* After the form: the first Tab stop is the e-mail. */}
        <button type="button" onClick={close} aria-label="Close" className="absolute right-3 top-2 text-2xl text-gray-500 hover:text-gray-800">
          ×
        </button>
      </div>
    </dialog>
  );
}
