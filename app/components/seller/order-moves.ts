import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { useActionToast } from "~/lib/use-action-toast";

// Every order card's step buttons post through this fetcher; the page shows its toast (a moved card may leave a filtered list).
const ORDER_MOVE_FETCHER = "seller-order-move";

// Taps are ignored this long after a move's answer: the next button lands under the same finger, and a move cannot be undone.
const SETTLE_MS = 800;

export const useOrderMoveFetcher = () => useFetcher<{ ok: boolean; msg: string }>({ key: ORDER_MOVE_FETCHER });

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
