import type { ActionFailure } from "@worker/web/form-answer";
import type { Flash } from "@worker/web/flash";

/** A form action's answer as a page reads it: a success, or a refusal that may carry what was typed. */
export type FormAnswer = { ok: true; msg: string } | ActionFailure;

/**
 * A refusal that came back as a flash (`answerForm`'s `refusal`: Post/Redirect/Get, the logins), read as
 * the form's answer: its message, the field it is about and the fields it kept.
 */
export function refusalIn(flash: Flash | null | undefined): ActionFailure | null {
  return flash?.kind === "error"
    ? { ok: false, msg: flash.message, ...(flash.typed && { typed: flash.typed }), ...(flash.field && { field: flash.field }) }
    : null;
}

/**
 * What a field shows: what the browser posted, when this page is the answer to a post refused
 * without JavaScript (`typed`, ADR 047), otherwise the stored value. With JavaScript the fields
 * keep their own input and `typed` is never sent.
 */
export function refillFrom(answer: { ok: boolean; typed?: Record<string, string> } | null | undefined) {
  const typed = answer && !answer.ok ? answer.typed : undefined;
  return <T>(name: string, stored: T): string | T => typed?.[name] ?? stored;
}
