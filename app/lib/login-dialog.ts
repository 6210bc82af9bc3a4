/** Lets any component ask for the login modal (the cart asks a guest to log in before ordering). */
type Listener = (redirectTo: string) => void;
const listeners = new Set<Listener>();

export function onLoginRequested(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function requestLogin(redirectTo = "/"): boolean {
  for (const listener of listeners) listener(redirectTo);
  return listeners.size > 0;
}

export type LoginMode = "login" | "register";

/** The login page's address for a mode: where the toggle leads without JavaScript, and where a failed post comes back to. */
export function loginPagePath(mode: LoginMode, redirectTo: string): string {
  return `/login?${mode === "register" ? "mode=signup&" : ""}redirectTo=${encodeURIComponent(redirectTo)}`;
}
