import { useEffect, useRef } from "react";
import { toast } from "./toast";

/** Show an action's `{ ok, msg }` answer as a toast once it arrives. */
export function useActionToast(result: { ok: boolean; msg: string } | undefined) {
  useEffect(() => {
    if (result?.msg) toast[result.ok ? "success" : "error"](result.msg);
  }, [result]);
}

/**
 * A form's failure as an error toast that belongs to the form: it goes as soon as the form is sent
 * again or leaves the screen, so an old "Invalid email or password" never outlives the attempt
 * that fixed it.
 */
export function useFailureToast(state: "idle" | "submitting" | "loading", error: string | null) {
  const shown = useRef<number | null>(null);
  useEffect(() => {
    if (state === "idle" && error) shown.current = toast.error(error);
  }, [state, error]);
  useEffect(() => {
    if (state === "submitting" && shown.current !== null) toast.dismiss(shown.current);
  }, [state]);
  useEffect(
    () => () => {
      if (shown.current !== null) toast.dismiss(shown.current);
    },
    [],
  );
}
