/** The page's address as the browser shows it, without React Router's `.data`, `_routes` and `?index` markers. */
export function pageAddressOf(request: Request): string {
  const url = new URL(request.url);
  const pathname = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  const query = url.search
    .slice(1)
    .split("&")
    .filter((part) => part && part !== "index" && !part.startsWith("index=") && !part.startsWith("_routes="));
  return `${pathname}${query.length > 0 ? `?${query.join("&")}` : ""}`;
}
