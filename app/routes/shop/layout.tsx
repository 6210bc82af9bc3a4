import { Outlet } from "react-router";
import { RouteErrorPage } from "~/components/ErrorPage";
import { CartBar } from "~/components/cart/CartBar";
import { Footer } from "~/components/Footer";
import { Navbar } from "~/components/Navbar";

export default function ShopLayout() {
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2">
        Skip to content
      </a>
      <Navbar />
      <main id="main" className="mx-auto min-h-[60vh] max-w-7xl px-4 md:px-8">
        <Outlet />
      </main>
      <Footer />
      <CartBar />
    </>
  );
}

/** Loader errors of shop pages (an unknown product, say) render inside the shop's layout. */
export function ErrorBoundary({ error }: { error: unknown }) {
  return (
    <>
      <Navbar />
      <main id="main">
        <RouteErrorPage error={error} />
      </main>
      <Footer />
    </>
  );
}
