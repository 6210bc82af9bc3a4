import type { Plugin } from "vite";

/** V8's explicit compile hint (Chrome 136+); other engines read it as a comment. */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/**
 * Every browser chunk starts with V8's explicit compile hint (ADR 048). Without it V8 compiles a
 * function on the main thread the first time it is called, in the middle of the tasks that
 * hydrate the page; with it, Chrome compiles the file's functions on the background thread that
 * streams the script in. Nearly everything in these chunks runs at startup (React, the router,
 * the matched routes) or on a shopper's first tap (the lazy chunks).
 *
 * `postBanner` is written after minification, which would drop an ordinary banner comment.
 */
export function compileHints(): Plugin {
  return {
    name: "greenbasket:compile-hints",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    outputOptions(options) {
      return { ...options, postBanner: COMPILE_HINT };
    },
  };
}
