import { Alert } from "~/lib/field-error";

type PincodeFieldsProps = { id: string; redirectTo: string; defaultValue?: string; refusal: string | false | null | undefined; compact?: boolean };
/** The pincode form's fields, in the top bar's panel (`compact`) and on /delivery; the refusal is said under them. */
export function PincodeFields({ id, redirectTo, defaultValue, refusal, compact = false }: PincodeFieldsProps) {
  return (
    <>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <label htmlFor={id} className="block font-medium">
        Delivery pincode
      </label>
      <div className={compact ? "mt-1 flex gap-2" : "flex gap-2"}>
        <input
          id={id}
          name="pincode"
          required
          inputMode="numeric"
          maxLength={10}
          autoComplete="postal-code"
          defaultValue={defaultValue}
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? `${id}-error` : undefined}
          className={`w-full rounded border border-gray-400 ${compact ? "px-2 py-1.5" : "px-3 py-2"}`}
        />
        <button type="submit" className={`rounded bg-primary ${compact ? "px-3" : "px-5"} text-white hover:bg-primary-dull`}>
          Check
        </button>
      </div>
      <Alert id={`${id}-error`} className={compact ? "mt-2 text-red-700" : "text-red-700"} message={refusal} />
    </>
  );
}
