// The documents that describe the store as it is (the README, SECURITY.md and docs/, decision
// records aside: those are history and may name what they removed) cannot name a file that no
// longer exists. A moved module otherwise leaves a newcomer following a dead path.
import { describe, expect, it } from "vitest";
import readme from "../../README.md?raw";
import security from "../../SECURITY.md?raw";

const docs: Record<string, string> = {
  "README.md": readme,
  "SECURITY.md": security,
  ...Object.fromEntries(
    Object.entries(import.meta.glob<string>("/docs/*.md", { query: "?raw", import: "default", eager: true })).map(([path, text]) => [path.slice(1), text]),
  ),
};

/** Every file under the folders the documents point into, as repository paths (the loaders are never called). */
const files = Object.keys(
  import.meta.glob(["/{app,worker,shared,bench,scripts,tests,migrations,vite-plugins,docs,public}/**/*", "/.ci/*", "/.github/**/*", "!**/node_modules/**"]),
).map((path) => path.slice(1));
const folders = new Set(
  files.flatMap((path) => {
    const parts = path.split("/");
    return parts.slice(1).map((_, i) => parts.slice(0, i + 1).join("/"));
  }),
);

const PATH = /(?<![\w/.-])((?:app|worker|shared|bench|scripts|tests|migrations|vite-plugins|docs|public|\.ci|\.github)\/[\w./$-]*\w)/g;

function namedPaths(text: string): string[] {
  return [...text.matchAll(PATH)].map((match) => match[1]!.replace(/\.$/, "")).filter((path) => !path.includes("*"));
}

describe("paths named in the README, SECURITY.md and docs/", () => {
  it("finds the repository's files", () => {
    expect(files).toContain("worker/index.ts");
    expect(folders).toContain("worker/web");
    expect(Object.keys(docs)).toContain("docs/api.md");
  });

  it.each(Object.keys(docs))("%s names only files and folders that exist", (name) => {
    const paths = namedPaths(docs[name]!);
    expect(paths.length, "the document names at least one path").toBeGreaterThan(0);
    expect(paths.filter((path) => !files.includes(path) && !folders.has(path))).toEqual([]);
  });
});
