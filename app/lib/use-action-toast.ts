import { useEffect } from "react";
import { toast } from "./toast";

/** Show an action's `{ ok, msg }` answer as a toast once it arrives. */
export function useActionToast(result: { ok: boolean; msg: string } | undefined) {
  useEffect(() => {
    if (!result?.msg) return;
    if (result.ok) toast.success(result.msg);
    else toast.error(result.msg);
  }, [result]);
}
