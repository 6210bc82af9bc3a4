import { useEffect } from "react";
import { useFetcher } from "react-router";
import type { loader } from "~/routes/seller/orders-waiting";
import { LIVE_REFRESH_MS, usePolling } from "~/lib/use-polling";

const SOURCE = "/seller/orders/waiting";

/** How many orders wait for the seller's next step, polled (ADR 034) from its own small route: pages keep one D1 round trip. */
export function WaitingOrdersBadge() {
  const fetcher = useFetcher<typeof loader>();
  const { load } = fetcher;
  useEffect(() => void load(SOURCE), [load]);
  usePolling(() => void load(SOURCE), LIVE_REFRESH_MS);
  const waiting = fetcher.data?.waiting ?? 0;
  if (waiting === 0) return null;
  return (
    // Every open order, not only those to pack (the Orders page's pill).
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
