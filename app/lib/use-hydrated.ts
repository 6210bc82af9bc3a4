import { useSyncExternalStore } from "react";

const subscribe = () => () => {};
const onClient = () => true;
const onServer = () => false;

/** False in the server's HTML and while hydrating, true once interactive. */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, onClient, onServer);
}
