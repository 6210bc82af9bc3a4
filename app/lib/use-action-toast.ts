import { useEffect, useRef } from "react";
import { toast } from "./toast";

export function useActionToast(result: { ok: boolean; msg: string } | undefined) {
  useEffect(() => {
    if (result?.msg) toast[result.ok ? "success" : "error"](result.msg);
  }, [result]);
}

/** A form's failure toast that goes once the form is sent again or leaves: an old error never outlives the attempt that fixed it. */
export function useFailureToast(state: "idle" | "submitting" | "loading", error: string | null) {
  const shown = useRef<number | null>(null);
  useEffect(() => {
    if (state === "idle" && error) shown.current = toast.error(error);
    else if (state === "submitting" && shown.current !== null) toast.dismiss(shown.current);
  }, [state, error]);
  useEffect(() => {
    return () => {
      if (shown.current !== null) toast.dismiss(shown.current);
    };
  }, []);
}
