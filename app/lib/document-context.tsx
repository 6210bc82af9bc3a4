import { createContext, useContext } from "react";

/** This document's CSP nonce (entry.server.tsx); empty in the browser. */
export const NonceContext = createContext("");

/** The stylesheet, inlined into <head> by the server (no render-blocking request); empty in the browser, where hydration keeps the server's. */
export const InlineCssContext = createContext("");

export function InlineStyles() {
  const css = useContext(InlineCssContext);
  return <style dangerouslySetInnerHTML={{ __html: css }} suppressHydrationWarning />;
}
