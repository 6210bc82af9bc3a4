import { useEffect } from "react";
import { useNavigate } from "react-router";
import { pageMeta } from "~/lib/site";
import { safeLocalPath } from "@shared/redirect";
import type { Route } from "./+types/loader";

/** Where payment providers send the shopper back: a pause, then on to `next` on this site only. */
export const REDIRECT_DELAY_MS = 5_000;

export const meta: Route.MetaFunction = ({ loaderData: data }) => [
  ...pageMeta("Just a moment", "Taking you back to the store."),
  // Without JavaScript the browser follows this after the same delay.
  { httpEquiv: "refresh", content: `${REDIRECT_DELAY_MS / 1000};url=${data?.next ?? "/"}` },
];

export function loader({ request }: Route.LoaderArgs) {
  return { next: safeLocalPath(new URL(request.url).searchParams.get("next")) };
}

export default function LoaderPage({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(loaderData.next, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loaderData.next, navigate]);

  return (
    <div className="flex h-[60vh] flex-col items-center justify-center gap-4" role="status" aria-live="polite">
      <div className="h-24 w-24 animate-spin rounded-full border-4 border-gray-300 border-t-primary" aria-hidden="true" />
      <h1 className="text-gray-600">Just a moment, taking you back to the store…</h1>
    </div>
  );
}
