/** Lets any component ask for the login modal (the cart asks a guest to log in before ordering). */
type Listener = (redirectTo: string) => void;
const listeners = new Set<Listener>();

/**
 * A request made while the modal's code is still loading: the root mounts it for every guest once
 * the page has hydrated (app/root.tsx), and only hydrated pages and guests ask.
 */
let pending: string | null = null;

export function onLoginRequested(listener: Listener) {
  listeners.add(listener);
  if (pending !== null) {
    listener(pending);
    pending = null;
  }
  return () => {
    listeners.delete(listener);
  };
}

export function requestLogin(redirectTo = "/"): void {
  if (listeners.size === 0) pending = redirectTo;
  for (const listener of listeners) listener(redirectTo);
}

export type LoginMode = "login" | "register";

/** The login page's address for a mode: where the toggle leads without JavaScript, and where a failed post comes back to. */
export function loginPagePath(mode: LoginMode, redirectTo: string): string {
  return `/login?${mode === "register" ? "mode=signup&" : ""}redirectTo=${encodeURIComponent(redirectTo)}`;
}
