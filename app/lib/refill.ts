import type { ActionFailure } from "@worker/web/form-answer";
import type { Flash } from "@worker/web/flash";

export type FormAnswer = { ok: true; msg: string } | ActionFailure;

/** A refusal that came back as a flash (Post/Redirect/Get, the logins), read as the form's answer. */
export function refusalIn(flash: Flash | null | undefined): ActionFailure | null {
  return flash?.kind === "error"
    ? { ok: false, msg: flash.message, ...(flash.typed && { typed: flash.typed }), ...(flash.field && { field: flash.field }) }
    : null;
}

type Answer = { ok: boolean; typed?: Record<string, string> } | null | undefined;
const typedIn = (answer: Answer) => (answer && !answer.ok ? answer.typed : undefined);

/** What a field shows: what was posted when this page answers a refused no-JS post (`typed`, ADR 047), else the stored value. */
export function refillFrom(answer: Answer) {
  const typed = typedIn(answer);
  return <T = undefined>(name: string, stored?: T): string | T => typed?.[name] ?? (stored as T);
}

/** Whether a checkbox shows ticked: as posted (an unticked box posts nothing), else as stored. */
export function refillChecked(answer: Answer, name: string, stored: boolean): boolean {
  const typed = typedIn(answer);
  return typed ? name in typed : stored;
}
