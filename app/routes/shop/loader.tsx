import { useEffect } from "react";
import { useNavigate, Link } from "react-router";
import { pageMeta } from "~/lib/site";
import { safeLocalPath } from "@shared/redirect";
import type { Route } from "./+types/loader";

/** Where payment providers send the shopper back: a pause, then on to `next` (this site only). */
export const REDIRECT_DELAY_MS = 5_000;

export const meta: Route.MetaFunction = () => pageMeta("Just a moment", "Taking you back to the store.");

export function loader({ request }: Route.LoaderArgs) {
  return { next: safeLocalPath(new URL(request.url).searchParams.get("next")) };
}

// The spec's 5-second pause, kept accessible: a "Continue now" link, the meta refresh only in <noscript> (axe's `meta-refresh` rule).
export default function LoaderPage({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(loaderData.next, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loaderData.next, navigate]);

  return (
    <div className="flex h-[60vh] flex-col items-center justify-center gap-4">
      <noscript>
        <meta httpEquiv="refresh" content={`${REDIRECT_DELAY_MS / 1000};url=${loaderData.next}`} />
      </noscript>
      <div className="flex flex-col items-center gap-4" role="status" aria-live="polite">
        <div className="h-24 w-24 animate-spin rounded-full border-4 border-gray-300 border-t-primary motion-reduce:animate-none" aria-hidden="true" />
        <h1 className="text-gray-600">Just a moment, taking you back to the store…</h1>
      </div>
      <Link to={loaderData.next} replace className="rounded-full bg-primary px-6 py-2 text-white hover:bg-primary-dull">
        Continue now
      </Link>
    </div>
  );
}
