import { createElement, type ReactNode } from "react";
import { renderToReadableStream } from "react-dom/server.node";
import { createRoutesStub, Link as RouterLink, MemoryRouter, type LinkProps } from "react-router";
import { describe, expect, it } from "vitest";
import { ServerLink } from "~/components/Link";

// The browser hydrates the server's <a> with React Router's Link: both must write the same HTML.
async function render(node: ReactNode): Promise<string> {
  const stream = await renderToReadableStream(node);
  await stream.allReady;
  return new Response(stream).text();
}

/** Inside a plain memory router (declarative mode). */
const html = (node: ReactNode) => render(createElement(MemoryRouter, { initialEntries: ["/products/fruits?sort=new"] }, node));

/**
 * In framework mode: a data router inside React Router's framework context (its manifest and
 * route modules), as the app's pages render, built by React Router's own test stub.
 */
function inFramework(node: ReactNode): Promise<string> {
  const Stub = createRoutesStub([{ path: "/products/:category", Component: () => node }]);
  return render(createElement(Stub, { initialEntries: ["/products/fruits?sort=new"] }));
}

const cases: [string, LinkProps][] = [
  ["a product page", { to: "/products/fruits/seed-apple-1kg", className: "group flex flex-col", children: "Apple" }],
  ["the home page", { to: "/", children: "Home" }],
  ["a path with a query string", { to: "/login?redirectTo=%2Fproducts", "aria-label": "Log in" }],
  ["a path with a hash", { to: "/terms-and-conditions#refunds", children: "Refunds" }],
  [
    "client-only props",
    { to: "/cart", replace: true, preventScrollReset: true, state: { from: "x" }, viewTransition: true, onClick: () => {}, children: "Cart" },
  ],
  ["a target and no discovery", { to: "/privacy-policy", target: "_blank", rel: "noreferrer", discover: "none", children: "Privacy" }],
  ["intent prefetching", { to: "/products", prefetch: "intent", children: "All" }],
  // These need the router, so ServerLink hands them to React Router's Link.
  ["a relative search", { to: "?status=Delivered", children: "Delivered" }],
  ["a parent path", { to: "../vegetables", children: "Vegetables" }],
  ["a path object", { to: { pathname: "/products", search: "?search=rice" }, children: "Rice" }],
  ["an external URL", { to: "https://example.com/x", children: "Elsewhere" }],
  ["render prefetching", { to: "/products", prefetch: "render", children: "All" }],
];

describe("ServerLink", () => {
  it.each(cases)("writes what React Router's Link writes for %s", async (_name, props) => {
    const expected = await html(createElement(RouterLink, props));
    expect(expected).toContain("<a ");
    expect(await html(createElement(ServerLink, props))).toBe(expected);
  });

  it.each(cases)("writes what React Router's Link writes in framework mode for %s", async (_name, props) => {
    const expected = await inFramework(createElement(RouterLink, props));
    expect(expected).toContain("<a ");
    expect(await inFramework(createElement(ServerLink, props))).toBe(expected);
  });

  it("writes a plain anchor for an absolute path", async () => {
    expect(await html(createElement(ServerLink, { to: "/cart", className: "relative p-1", children: "Cart" }))).toBe(
      '<a class="relative p-1" href="/cart" data-discover="true">Cart</a>',
    );
  });
});
