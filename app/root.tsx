import { lazy, Suspense, useContext, useEffect, useRef, useState } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, type ShouldRevalidateFunctionArgs } from "react-router";
import { flashMiddleware, takeFlash } from "@worker/web/flash";
import { shopperMiddleware, shopperOf } from "@worker/web/shopper-state";
import { storefrontDelivery } from "@worker/web/delivery";
import type { Route } from "./+types/root";
import { RouteErrorPage } from "~/components/ErrorPage";
import { SellerLogin } from "~/components/seller/SellerLogin";
import { Toaster } from "~/components/Toaster";
import { focusTarget } from "~/lib/focus-rescue";
import { CART_PATH } from "~/lib/cart";
import { InlineStyles, NonceContext } from "~/lib/document-context";
import { pageMeta, sellerPageMeta } from "~/lib/site";

export const middleware: Route.MiddlewareFunction[] = [flashMiddleware, shopperMiddleware];

export const meta: Route.MetaFunction = ({ error }) => {
  if (isRouteErrorResponse(error) && error.status === 401) return sellerPageMeta("Seller Login", "Sign in to manage the store.");
  if (isRouteErrorResponse(error) && error.status === 404) return pageMeta("Page not found", "This page does not exist.");
  return pageMeta("Something went wrong", "Please try again in a moment.");
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const [shopper, storefront] = await Promise.all([shopperOf(context).state(), storefrontDelivery(request, context)]);
  return { ...shopper, ...storefront, flash: takeFlash(context) };
}

// Who is signed in and the cart change only through actions: skip the root's data on plain navigations.
export function shouldRevalidate({ formMethod, formAction, currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction === CART_PATH) return true;
  if (formMethod && formMethod.toUpperCase() !== "GET") return defaultShouldRevalidate;
  return currentUrl.href === nextUrl.href && defaultShouldRevalidate;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useContext(NonceContext);
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#276749" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <InlineStyles />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

// Loaded after hydration: no first load carries it. Until then Login links to /login and requests wait (~/lib/login-dialog).
const LoginModal = lazy(() => import("~/components/account/LoginModal").then((module) => ({ default: module.LoginModal })));

function LazyLoginModal() {
  const [mounted, setMounted] = useState(false);
  // Not ~/lib/use-hydrated: its shared chunk would join every first load.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setMounted(true), []);
  return mounted ? (
    <Suspense>
      <LoginModal />
    </Suspense>
  ) : null;
}

/** After a client navigation to another path: announce the title and, unless the page placed the focus, focus its h1. */
function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [announced, setAnnounced] = useState("");
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    setAnnounced(document.title);
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const main = document.getElementById("main");
    const heading = main?.querySelector<HTMLElement>("h1") ?? main;
    if (heading) focusTarget(heading).focus({ preventScroll: true });
  }, [pathname]);
  return (
    <p aria-live="assertive" aria-atomic="true" className="sr-only">
      {announced}
    </p>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Outlet />
      {/* After the page: a toast's Dismiss never comes before Skip to content when tabbing. */}
      <Toaster flash={loaderData.flash} />
      <RouteAnnouncer />
      {!loaderData.user && <LazyLoginModal />}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname, search } = useLocation();
  // The seller area's guard (worker/web/guards.ts): its login form, back to this page once logged in.
  if (isRouteErrorResponse(error) && error.status === 401)
    return (
      <>
        <Toaster />
        <SellerLogin returnTo={pathname + search} />
      </>
    );
  return (
    <main>
      <RouteErrorPage error={error} />
    </main>
  );
}
