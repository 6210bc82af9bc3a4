import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

/** How often an open page that follows orders asks for news (ADR 034): the order page, the seller's Orders and its badge. */
export const LIVE_REFRESH_MS = 15_000;

/**
 * Run `refresh` every `intervalMs` while `active` and the tab is visible: a hidden tab asks the
 * server nothing, and coming back to it refreshes at once. (ADR 034: how open pages stay current.)
 * With `intervalMs` null, only coming back refreshes.
 */
export function usePolling(refresh: () => void, intervalMs: number | null, active = true) {
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  });

  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = () => {
      clearInterval(timer);
      if (intervalMs !== null) timer = setInterval(() => latest.current(), intervalMs);
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") {
        clearInterval(timer);
        timer = undefined;
      } else {
        latest.current();
        start();
      }
    };
    if (document.visibilityState !== "hidden") start();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [active, intervalMs]);
}

/**
 * Load the page's data again on an interval (React Router's revalidation), while `active`; with
 * `intervalMs` null, only when the shopper comes back to the tab (another tab may have changed it).
 */
export function useRevalidateEvery(intervalMs: number | null, active = true) {
  const revalidator = useRevalidator();
  usePolling(
    () => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    },
    intervalMs,
    active,
  );
}
