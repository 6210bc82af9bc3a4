import { createContext, useContext } from "react";

/** The stylesheet, inlined into <head> by the server (no render-blocking request); empty in the browser, where hydration keeps the server's. */
export const InlineCssContext = createContext("");

export function InlineStyles() {
  const css = useContext(InlineCssContext);
  return <style dangerouslySetInnerHTML={{ __html: css }} suppressHydrationWarning />;
}
