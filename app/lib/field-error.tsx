import { useEffect } from "react";
import type { ActionFailure } from "@worker/web/form-answer";

/**
 * Where a form shows a refusal (ADR 047): under each field it names (`ActionFailure.field`, or
 * every field of `ActionFailure.problems` when several were refused at once, as far as they are
 * this form's `fields`), which is marked invalid and tied to its reason; the first of them, in
 * the order of `fields` (the form's own), takes the focus. A refusal that names none of them is
 * shown above the form's button (`general`). Inputs have the id `${prefix}-${name}`.
 *
 * The focus: `autoFocus` for the page a browser without JavaScript renders again; an effect for
 * a form that stays on the page (a fetcher or a hydrated form), once per refusal.
 */
export function useFieldError(refusal: ActionFailure | null | undefined, prefix: string, fields: readonly string[]) {
  const named = refusal?.problems ?? (refusal?.field ? [{ field: refusal.field, msg: refusal.msg }] : []);
  const reasons = new Map(named.filter(({ field }) => fields.includes(field)).map(({ field, msg }) => [field, msg]));
  const refused = fields.filter((name) => reasons.has(name));
  const first = refused[0];
  const idOf = (name: string) => `${prefix}-${name}`;
  useEffect(() => {
    if (first) document.getElementById(`${prefix}-${first}`)?.focus();
  }, [refusal, first, prefix]);
  return {
    /** The refusal's message when it names none of the fields: shown above the button. */
    general: refusal && !first ? refusal.msg : undefined,
    /** The fields of this form refused, in its order, with their reasons (a form with many fields may sum them up at its top). */
    refused: refused.map((field) => ({ field, msg: reasons.get(field)! })),
    /** The props of field `name`'s input; `describedBy` keeps its own hint tied to it. */
    fieldProps(name: string, describedBy?: string) {
      if (!reasons.has(name)) return describedBy ? { "aria-describedby": describedBy } : {};
      return {
        "aria-invalid": true,
        "aria-describedby": [`${idOf(name)}-error`, describedBy].filter(Boolean).join(" "),
        ...(name === first && { autoFocus: true }),
      };
    },
    /** The reason, under field `name` when it is refused. */
    errorFor(name: string) {
      return reasons.has(name) ? (
        <p id={`${idOf(name)}-error`} role="alert" className="mt-1 text-red-700">
          {reasons.get(name)}
        </p>
      ) : null;
    },
  };
}
