import { useState } from "react";
import { formatRupees } from "@shared/money";
import { orderNumber } from "@shared/order-status";

type Listed = { id: string; createdAt: number; amountPaise: number; address: { firstName: string; lastName: string } };

/** Orders newer than anything the page had shown, found as its data revalidates; derived while rendering, not in an effect. */
export function useNewOrders(orders: Listed[], watching: boolean): { newIds: ReadonlySet<string>; announcement: string } {
  const [shown, setShown] = useState(orders);
  const [newest, setNewest] = useState(() => Math.max(0, ...orders.map((order) => order.createdAt)));
  const [arrived, setArrived] = useState<{ ids: ReadonlySet<string>; announcement: string }>({ ids: new Set(), announcement: "" });
  if (orders !== shown) {
    setShown(orders);
    const fresh = watching ? orders.filter((order) => order.createdAt > newest) : [];
    if (fresh.length > 0) {
      setNewest(Math.max(newest, ...fresh.map((order) => order.createdAt)));
      setArrived({ ids: new Set([...arrived.ids, ...fresh.map((order) => order.id)]), announcement: announce(fresh) });
    }
  }
  return { newIds: arrived.ids, announcement: arrived.announcement };
}

function announce(fresh: Listed[]): string {
  if (fresh.length > 1) return `${fresh.length} new orders arrived.`;
  const [order] = fresh as [Listed];
  return `New order ${orderNumber(order.id)} from ${order.address.firstName} ${order.address.lastName}, ${formatRupees(order.amountPaise)}.`;
}

/** Seen (a banner) and heard (a live region present from the first paint, so later words are read out). */
export function NewOrdersNotice({ count, announcement }: { count: number; announcement: string }) {
  return (
    <>
      <p role="status" aria-live="polite" className="sr-only" data-testid="new-order-announcement">
        {announcement}
      </p>
      {count > 0 && (
        <p
          aria-hidden="true"
          className="mt-4 rounded border border-primary/40 bg-primary/10 px-4 py-2 text-sm font-medium text-primary-dull"
          data-testid="new-orders-banner"
        >
          {count === 1 ? "1 new order" : `${count} new orders`} since you opened this page
        </p>
      )}
    </>
  );
}
