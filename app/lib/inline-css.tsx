import { createContext, useContext } from "react";

/**
 * The site's stylesheet, inlined into every document's <head> by the server (entry.server.tsx):
 * no render-blocking CSS request before the first paint. In the browser the context is empty and
 * the <style> element keeps what the server put there (hydration does not rewrite innerHTML).
 */
export const InlineCssContext = createContext("");

export function InlineStyles() {
  const css = useContext(InlineCssContext);
  return <style dangerouslySetInnerHTML={{ __html: css }} suppressHydrationWarning />;
}
