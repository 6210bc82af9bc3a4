/** Lets any component ask for the login modal (the cart asks a guest to log in before ordering). */
type Listener = (redirectTo: string) => void;
const listeners = new Set<Listener>();

/** A request made before the lazily loaded modal subscribes (app/root.tsx). */
let pending: string | null = null;

export function onLoginRequested(listener: Listener) {
  listeners.add(listener);
  if (pending !== null) {
    listener(pending);
    pending = null;
  }
  return () => void listeners.delete(listener);
}

export function requestLogin(redirectTo = "/"): void {
  if (listeners.size === 0) pending = redirectTo;
  for (const listener of listeners) listener(redirectTo);
}

export type LoginMode = "login" | "register";

/** The login page for a mode: the toggle's link without JavaScript, and where a failed post comes back to. */
export const loginPagePath = (mode: LoginMode, redirectTo: string) =>
  `/login?${mode === "register" ? "mode=signup&" : ""}redirectTo=${encodeURIComponent(redirectTo)}`;
