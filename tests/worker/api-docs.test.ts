// docs/api.md cannot drift from the router: every endpoint heading names a real route, and every
// route has its heading.
import { describe, expect, it } from "vitest";
import reference from "../../docs/api.md?raw";
import { api } from "@worker/api";

/** `METHOD /path` of every handler the router has (middleware registered for all methods aside). */
function routedEndpoints(): string[] {
  const endpoints = api.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`);
  return [...new Set(endpoints)].sort();
}

function documentedEndpoints(): string[] {
  return [...reference.matchAll(/^### `([A-Z]+) (\/api\/[^`]*)`$/gm)].map((m) => `${m[1]} ${m[2]}`).sort();
}

describe("docs/api.md", () => {
  it("documents exactly the routes the API has", () => {
    expect(routedEndpoints().length).toBeGreaterThan(20);
    expect(documentedEndpoints()).toEqual(routedEndpoints());
  });
});
