import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { useActionToast } from "~/lib/use-action-toast";

// The one fetcher every order card's step buttons post through; the page shows its toast, as a moved order's card
// may leave a filtered list in the very render that brings the answer.
const ORDER_MOVE_FETCHER = "seller-order-move";

// After a move's answer taps are ignored this long: the next step's button (or the next order's) lands under the same
// finger, and a double tap must not move an order twice; a move cannot be undone.
const SETTLE_MS = 800;

export function useOrderMoveFetcher() {
  return useFetcher<{ ok: boolean; msg: string }>({ key: ORDER_MOVE_FETCHER });
}

/** For the orders page, once: every move's toast, and `locked` while a move is under way or just answered. */
export function useOrderMoves(): { locked: boolean } {
  const fetcher = useOrderMoveFetcher();
  const busy = fetcher.state !== "idle";
  useActionToast(busy ? undefined : fetcher.data);
  // Settling starts in the very render that brings the answer, so no tap falls between the new button and its lock.
  const [wasBusy, setWasBusy] = useState(busy);
  const [settling, setSettling] = useState(false);
  if (busy !== wasBusy) {
    setWasBusy(busy);
    if (!busy) setSettling(true);
  }
  useEffect(() => {
    if (!settling) return undefined;
    const timer = setTimeout(() => setSettling(false), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [settling]);
  return { locked: busy || settling };
}
