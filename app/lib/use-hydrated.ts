import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False in the server's HTML and while hydrating, true once interactive. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
