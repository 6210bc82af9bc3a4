import { useSyncExternalStore } from "react";

const subscribe = () => () => {};
const onClient = () => true;
const onServer = () => false;

/** False in the server's HTML and while hydrating, true once interactive. */
export const useHydrated = (): boolean => useSyncExternalStore(subscribe, onClient, onServer);
