import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

/**
 * Reads the page's data again every `intervalMs` while the tab is visible (React Router's
 * revalidation: the loaders run, the page re-renders in place, nothing reloads). A hidden tab asks
 * for nothing; coming back to it reads at once, then on the interval again.
 */
export function useRefreshWhileVisible(intervalMs: number) {
  const revalidator = useRevalidator();
  // The revalidator changes on every render; the timer reads the latest one.
  const latest = useRef(revalidator);
  useEffect(() => {
    latest.current = revalidator;
  });

  useEffect(() => {
    let timer: number | undefined;
    const refresh = () => {
      if (latest.current.state === "idle") void latest.current.revalidate();
    };
    const start = () => {
      window.clearInterval(timer);
      timer = window.setInterval(refresh, intervalMs);
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") {
        window.clearInterval(timer);
      } else {
        refresh();
        start();
      }
    };
    if (document.visibilityState === "visible") start();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [intervalMs]);
}
