import { createContext, useContext } from "react";

/** This document's CSP nonce (entry.server.tsx); empty in the browser. */
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
