import { createContext, useContext } from "react";

/** This document's CSP nonce, set by entry.server.tsx; empty in the browser (not needed after load). */
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
