import { useEffect } from "react";
import type { ActionFailure } from "@worker/web/action-result";

/**
 * Where a form shows a refusal (ADR 047): under the field it names (`ActionFailure.field`, when
 * that is one of this form's `fields`), which is marked invalid, tied to the reason and focused;
 * otherwise above the form's button (`general`). Inputs have the id `${prefix}-${name}`.
 *
 * The focus: `autoFocus` for the page a browser without JavaScript renders again; an effect for
 * a form that stays on the page (a fetcher or a hydrated form), once per refusal.
 */
export function useFieldError(refusal: ActionFailure | null | undefined, prefix: string, fields: readonly string[]) {
  const invalid = refusal?.field && fields.includes(refusal.field) ? refusal.field : undefined;
  const idOf = (name: string) => `${prefix}-${name}`;
  useEffect(() => {
    if (invalid) document.getElementById(`${prefix}-${invalid}`)?.focus();
  }, [refusal, invalid, prefix]);
  return {
    /** The refusal's message when it names none of the fields: shown above the button. */
    general: refusal && !invalid ? refusal.msg : undefined,
    /** The props of field `name`'s input; `describedBy` keeps its own hint tied to it. */
    fieldProps(name: string, describedBy?: string) {
      if (invalid !== name) return describedBy ? { "aria-describedby": describedBy } : {};
      return { "aria-invalid": true, "aria-describedby": [`${idOf(name)}-error`, describedBy].filter(Boolean).join(" "), autoFocus: true };
    },
    /** The reason, under field `name` when it is the one refused. */
    errorFor(name: string) {
      return invalid === name ? (
        <p id={`${idOf(name)}-error`} role="alert" className="mt-1 text-red-700">
          {refusal?.msg}
        </p>
      ) : null;
    },
  };
}
