import { Form, isRouteErrorResponse, Outlet, useLocation, Link } from "react-router";
import { sellerOnly } from "@worker/web/guards";
import { ErrorPage } from "~/components/ErrorPage";
import { SellerLogin } from "~/components/seller/SellerLogin";
import { WaitingOrdersBadge } from "~/components/seller/WaitingOrdersBadge";
import { sellerPageMeta, STORE_NAME } from "~/lib/site";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = () => sellerPageMeta("Seller", "Manage products, stock and orders.");

// Every loader and action under /seller is the seller's alone; a first load's 401 reaches the root's boundary (the highest route with a loader).
export const middleware: Route.MiddlewareFunction[] = [sellerOnly];

/** `section`: the pages under a link (an edit page, the import), marked as where the seller is. */
const LINKS: { to: string; label: string; icon: string; section?: string }[] = [
  { to: "/seller/dashboard", label: "Dashboard", icon: "M4 20V10m6 10V4m6 16v-7m4 7H3" },
  { to: "/seller", label: "Add Product", icon: "M12 5v14M5 12h14" },
  { to: "/seller/product-list", label: "Product List", icon: "M4 6h16M4 12h16M4 18h16", section: "/seller/products/" },
  { to: "/seller/orders", label: "Orders", icon: "M6 3h12l1 18H5L6 3zm3 4a3 3 0 0 0 6 0", section: "/seller/orders/" },
  {
    to: "/seller/settings",
    label: "Settings",
    icon: "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM4 12h2m12 0h2M12 4v2m0 12v2M6.3 6.3l1.4 1.4m8.6 8.6 1.4 1.4m0-11.4-1.4 1.4m-8.6 8.6-1.4 1.4",
  },
  { to: "/seller/search-words", label: "Search words", icon: "M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zm9 2-4-4M8 11h6" },
  { to: "/seller/data-requests", label: "Data requests", icon: "M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6l8-3zm-3 9l2 2 4-4" },
];

/** The seller area: its own top bar and sidebar; on phones the sidebar is a row of tabs. */
export default function SellerLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2">
        Skip to content
      </a>
      <header className="flex items-center justify-between border-b border-gray-300 bg-white px-4 py-3 md:px-8">
        <Link to="/" className="text-xl font-bold text-primary-dull">
          {STORE_NAME}
        </Link>
        <div className="flex items-center gap-5 text-gray-600">
          <p>Hi! Admin</p>
          <Form method="post" action="/seller/logout">
            <button type="submit" className="rounded-full border px-4 py-1 text-sm hover:bg-gray-50">
              Logout
            </button>
          </Form>
        </div>
      </header>
      <div className="md:flex">
        <nav
          aria-label="Seller"
          className="flex border-b border-gray-300 md:min-h-[calc(100vh-58px)] md:w-64 md:shrink-0 md:flex-col md:border-b-0 md:border-r md:pt-4 md:text-base"
        >
          {LINKS.map((link) => {
            const current = pathname.replace(/(.)\/$/, "$1") === link.to ? "page" : link.section && pathname.startsWith(link.section) ? "true" : undefined;
            return (
              <Link
                key={link.to}
                to={link.to}
                aria-current={current}
                // The outline is drawn inside: at the page's edge and between the phone's tabs an outer one is cut off.
                className={`relative flex flex-auto flex-col items-center gap-1 px-1 py-2 text-center md:flex-none text-[11px] leading-tight focus-visible:-outline-offset-2! md:flex-row md:gap-3 md:px-4 md:py-3 md:text-left md:text-base ${current ? "border-b-2 border-primary bg-primary/10 text-primary md:border-b-0 md:border-r-[6px]" : "hover:bg-gray-100/90"}`}
              >
                <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8" className="shrink-0">
                  <path d={link.icon} />
                </svg>
                <span>{link.label}</span>
                {link.to === "/seller/orders" && <WaitingOrdersBadge />}
              </Link>
            );
          })}
        </nav>
        <main id="main" className="min-w-0 flex-1 p-4 md:p-10">
          <Outlet />
        </main>
      </div>
    </>
  );
}

/** A session that ends while the seller works meets the guard's 401 here, not at the root: the login form again, back to this page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname, search } = useLocation();
  if (isRouteErrorResponse(error) && error.status === 401)
    return <SellerLogin returnTo={pathname + search} notice="Your seller session has ended. Log in again to carry on." />;
  const back = pathname.startsWith("/seller/orders")
    ? { to: "/seller/orders", label: "Back to Orders" }
    : { to: "/seller/product-list", label: "Back to Products" };
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 404) return <ErrorPage status={404} title="Not found" message="That item does not exist, or was deleted." back={back} />;
  return <ErrorPage status={status} title="Unexpected Application Error" message="Something went wrong. Please try again." back={back} />;
}
