import { lazy, Suspense, useEffect, useState } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, type ShouldRevalidateFunctionArgs } from "react-router";
import { flashMiddleware, takeFlash } from "@worker/web/flash";
import { shopperMiddleware, shopperOf } from "@worker/web/shopper-state";
import { storefrontDelivery } from "@worker/web/delivery";
import type { Route } from "./+types/root";
import { ErrorPage } from "~/components/ErrorPage";
import { SellerLogin } from "~/components/seller/SellerLogin";
import { Toaster } from "~/components/Toaster";
import { RouteAnnouncer } from "~/components/RouteAnnouncer";
import { CART_PATH } from "~/lib/cart";
import { InlineStyles } from "~/lib/inline-css";
import { useNonce } from "~/lib/nonce";
import { pageMeta } from "~/lib/site";

export const middleware: Route.MiddlewareFunction[] = [flashMiddleware, shopperMiddleware];

/** The title of a page the root's error boundary renders (every route's own meta names the others). */
export const meta: Route.MetaFunction = ({ error }) => {
  if (isRouteErrorResponse(error) && error.status === 401)
    return [...pageMeta("Seller Login", "Sign in to manage the store."), { name: "robots", content: "noindex" }];
  if (isRouteErrorResponse(error) && error.status === 404) return pageMeta("Page not found", "This page does not exist.");
  return pageMeta("Something went wrong", "Please try again in a moment.");
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const [shopper, storefront] = await Promise.all([shopperOf(context).state(), storefrontDelivery(request, context)]);
  // The toast a redirect carried here (worker/web/flash.ts): shown by this page, then forgotten.
  return { ...shopper, ...storefront, flash: takeFlash(context) };
}

/**
 * Who is signed in and the cart change through actions (login, logout, cart and order forms), not
 * through following links or searching: skip the root's data on plain navigations, keep it for
 * every submission (a cart change asks for the root's data alone: ~/lib/cart) and for an explicit
 * revalidation of the same URL.
 */
export function shouldRevalidate({ formMethod, formAction, currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction === CART_PATH) return true;
  if (formMethod && formMethod.toUpperCase() !== "GET") return defaultShouldRevalidate;
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
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

// The login dialog is mounted once the page has hydrated, and its code loads then: no page's first
// load carries it (the 125 KB budget). Until it subscribes, the Login button is a link to /login,
// and a request to open it waits for it (~/lib/login-dialog).
const LoginModal = lazy(() => import("~/components/account/LoginModal").then((module) => ({ default: module.LoginModal })));

function LazyLoginModal() {
  const [mounted, setMounted] = useState(false);
  // A mount flag, set once after hydration (not ~/lib/use-hydrated: its shared chunk would join every first load).
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setMounted(true), []);
  return mounted ? (
    <Suspense>
      <LoginModal />
    </Suspense>
  ) : null;
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Outlet />
      {/* After the page: a toast's Dismiss comes after the page's own controls when tabbing, never before Skip to content. */}
      <Toaster flash={loaderData.flash} />
      <RouteAnnouncer />
      {!loaderData.user && <LazyLoginModal />}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname, search } = useLocation();
  // The seller area's guard (worker/web/guards.ts): anyone but the seller gets its login form,
  // which comes back to this page once logged in.
  if (isRouteErrorResponse(error) && error.status === 401) {
    return (
      <>
        <Toaster />
        <SellerLogin returnTo={pathname + search} />
      </>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main>
        <ErrorPage status={404} title="Page not found" message="We couldn't find the page you were looking for." />
      </main>
    );
  }
  if (import.meta.env.DEV) console.error(error);
  return (
    <main>
      <ErrorPage
        status={isRouteErrorResponse(error) ? error.status : 500}
        title="Unexpected Application Error"
        message="Something went wrong on our side. Please try again in a moment."
      />
    </main>
  );
}
