import { useEffect } from "react";
import type { ActionFailure } from "@worker/web/form-answer";

// A refusal's reasons under the fields it names, the first focused; one naming none of `fields` is `general` (ADR 047). Inputs are `${prefix}-${name}`.
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
    general: refusal && !first ? refusal.msg : undefined,
    /** Refused fields in form order (a long form may sum them up at its top). */
    refused: refused.map((field) => ({ field, msg: reasons.get(field)! })),
    fieldProps(name: string, describedBy?: string) {
      if (!reasons.has(name)) return describedBy ? { "aria-describedby": describedBy } : {};
      return {
        "aria-invalid": true,
        "aria-describedby": [`${idOf(name)}-error`, describedBy].filter(Boolean).join(" "),
        ...(name === first && { autoFocus: true }),
      };
    },
    errorFor(name: string) {
      return <Alert id={`${idOf(name)}-error`} className="mt-1 text-red-700" message={reasons.get(name)} />;
    },
  };
}

/** A refusal, read out as it appears; nothing when there is none. */
export function Alert({ id, className, message }: { id?: string; className: string; message: React.ReactNode }) {
  return message ? (
    <p id={id} role="alert" className={className}>
      {message}
    </p>
  ) : null;
}
