import { data } from "react-router";
import { HttpError } from "@worker/errors";

export type ActionFailure = { ok: false; msg: string };

/**
 * Run a page action's service call; an HttpError becomes `{ ok: false, msg }` with its status
 * (so the form can show the message), anything else propagates to the error boundary.
 */
export async function runAction<T>(work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError) return data<ActionFailure>({ ok: false, msg: error.message }, { status: error.status });
    throw error;
  }
}
