import { useEffect, useEffectEvent } from "react";
import { useRevalidator } from "react-router";

/** How often an open page that follows orders asks for news (ADR 034). */
export const LIVE_REFRESH_MS = 15_000;
/** Back from paying, until the payment is confirmed: Stripe's word usually arrives within seconds. */
export const CONFIRMING_REFRESH_MS = 2_000;

/** Run `refresh` every `intervalMs` (null: only on coming back) while `active` and the tab is visible (ADR 034). */
export function usePolling(refresh: () => void, intervalMs: number | null, active = true) {
  const tick = useEffectEvent(refresh);
  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = () => {
      clearInterval(timer);
      if (intervalMs !== null) timer = setInterval(() => tick(), intervalMs);
    };
    const onVisibility = () => {
      clearInterval(timer);
      if (document.visibilityState === "hidden") return;
      tick();
      start();
    };
    if (document.visibilityState !== "hidden") start();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [active, intervalMs]);
}

export function useRevalidateEvery(intervalMs: number | null, active = true) {
  const revalidator = useRevalidator();
  const refresh = () => {
    if (revalidator.state === "idle") void revalidator.revalidate();
  };
  usePolling(refresh, intervalMs, active);
}
