import { useEffect } from "react";
import { useFetcher } from "react-router";
import type { loader } from "~/routes/seller/orders-waiting";
import { LIVE_REFRESH_MS, usePolling } from "~/lib/use-polling";

const SOURCE = "/seller/orders/waiting";

/**
 * The Orders link's badge: how many orders wait for the seller's next step (to pack, send out or
 * deliver), loaded after the page shows and again on an interval while the tab is visible (ADR 034).
 * It reads its own small route, so every seller page keeps its data in one D1 round trip.
 */
export function WaitingOrdersBadge() {
  const fetcher = useFetcher<typeof loader>();
  const { load } = fetcher;
  useEffect(() => {
    void load(SOURCE);
  }, [load]);
  usePolling(() => void load(SOURCE), LIVE_REFRESH_MS);
  const waiting = fetcher.data?.waiting ?? 0;
  if (waiting === 0) return null;
  return (
    // Every open order, not only those to pack (the Orders page's pill): named so, to sight and to screen readers.
    <span
      title="Open orders: to pack, send out or deliver"
      className="ml-auto rounded-full bg-amber-700 px-2 py-0.5 text-xs font-semibold text-white max-md:absolute max-md:right-1 max-md:top-1"
      data-testid="waiting-orders-badge"
    >
      {waiting}
      <span className="sr-only"> open {waiting === 1 ? "order" : "orders"}</span>
    </span>
  );
}
