import type { ActionFailure } from "@worker/web/form-answer";
import type { Flash } from "@worker/web/flash";

export type FormAnswer = { ok: true; msg: string } | ActionFailure;

/** A refusal that came back as a flash (Post/Redirect/Get, the logins), read as the form's answer. */
export function refusalIn(flash: Flash | null | undefined): ActionFailure | null {
  return flash?.kind === "error"
    ? { ok: false, msg: flash.message, ...(flash.typed && { typed: flash.typed }), ...(flash.field && { field: flash.field }) }
    : null;
}

/** What a field shows: what was posted when this page answers a refused no-JS post (`typed`, ADR 047), else the stored value. */
export function refillFrom(answer: { ok: boolean; typed?: Record<string, string> } | null | undefined) {
  const typed = answer && !answer.ok ? answer.typed : undefined;
  return <T = undefined>(name: string, stored?: T): string | T => typed?.[name] ?? (stored as T);
}
