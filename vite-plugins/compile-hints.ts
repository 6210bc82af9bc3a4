import type { Plugin } from "vite";

/** V8's explicit compile hint (Chrome 136+); other engines read it as a comment. */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/**
 * The project's own browser chunks start with V8's explicit compile hint (ADR 048). Without it V8
 * compiles a function on the main thread the first time it is called, in the middle of the tasks
 * that hydrate the page; with it, Chrome compiles the file's functions on the background thread
 * that streams the script in.
 *
 * Only chunks made of the project's own modules: one holding a dependency's code (React, React
 * Router, the bundler's runtime) is left as its authors ship it, since we do not rewrite
 * dependencies (ADR 027).
 *
 * `postBanner` is written after minification, which would drop an ordinary banner comment.
 */
export function compileHints(): Plugin {
  return {
    name: "greenbasket:compile-hints",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    outputOptions(options) {
      return { ...options, postBanner: (chunk) => (chunk.moduleIds.every(isOwnModule) ? COMPILE_HINT : "") };
    },
  };
}

/** A module of this project, not a dependency's file or a bundler's virtual module. */
export function isOwnModule(id: string): boolean {
  return !id.startsWith("\0") && !id.includes("/node_modules/");
}
