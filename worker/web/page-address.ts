/**
 * The address of the page a request is for, as the browser shows it: what a redirect back to the
 * page (after logging in, after a form post without JavaScript) must name. React Router's
 * client-side navigations and revalidations ask for `/my-orders.data?_routes=…` (the root for
 * `/_root.data`), and a form without an `action` posts to `?index` on an index route: none of
 * those markers belong in an address a person is sent to.
 */
export function pageAddressOf(request: Request): string {
  const url = new URL(request.url);
  const pathname = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  const query = url.search
    .slice(1)
    .split("&")
    .filter((part) => part && part !== "index" && !part.startsWith("index=") && !part.startsWith("_routes="));
  return `${pathname}${query.length > 0 ? `?${query.join("&")}` : ""}`;
}
