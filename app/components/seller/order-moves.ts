import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { useActionToast } from "~/lib/use-action-toast";

type MoveAnswer = { ok: boolean; msg: string };

/**
 * The one fetcher every order card's step buttons ("Mark Packed", "Mark paid") post through. Its
 * answer is the page's toast, not the card's: in a list filtered to one status, a moved order
 * leaves the list in the very render that brings the answer, and takes its card with it.
 */
const ORDER_MOVE_FETCHER = "seller-order-move";

/**
 * How long after a move's answer a tap on a step button is ignored. The answer puts the next
 * step's button where the tapped one was (Packed, then Out for delivery), or, in a filtered list,
 * the next order's button under the same finger: the second tap of a double tap would move an
 * order two steps, or move a second order, and a move cannot be undone.
 */
const SETTLE_MS = 800;

/** For a card: the shared fetcher its step forms post through. */
export function useOrderMoveFetcher() {
  return useFetcher<MoveAnswer>({ key: ORDER_MOVE_FETCHER });
}

/**
 * For the orders page, once: the toast of every card's move, and whether the step buttons are
 * off (`locked`: a move under way, or its answer less than SETTLE_MS old), which the page hands
 * to its cards.
 */
export function useOrderMoves(): { locked: boolean } {
  const fetcher = useOrderMoveFetcher();
  const busy = fetcher.state !== "idle";
  useActionToast(busy ? undefined : fetcher.data);
  // Settling starts in the very render that brings the answer (React's "adjust state while
  // rendering"), so no tap can fall between the new button and its lock.
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
