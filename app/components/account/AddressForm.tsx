import { Form, useNavigation } from "react-router";
import type { AddressSnapshot } from "@worker/db/schema";
import { INDIAN_STATES } from "@shared/indian-states";
import { refillChecked, refillFrom, type FormAnswer } from "~/lib/refill";
import { Alert, useFieldError } from "~/lib/field-error";
import { useHydrated } from "~/lib/use-hydrated";
import { BusyButton } from "~/components/BusyButton";

type Field = { name: keyof AddressSnapshot; label: string; hint?: string } & React.InputHTMLAttributes<HTMLInputElement>;

const NAME: Field[] = [
  { name: "firstName", label: "First name", autoComplete: "given-name", maxLength: 50 },
  { name: "lastName", label: "Last name", autoComplete: "family-name", maxLength: 50 },
];
const CONTACT: Field[] = [
  { name: "email", label: "Email address", type: "email", autoComplete: "email", maxLength: 254 },
  { name: "phone", label: "Mobile number", type: "tel", inputMode: "tel", autoComplete: "tel-national", maxLength: 20, hint: "10 digits, such as 98765 43210" },
];
const PLACE: Field[] = [
  { name: "street", label: "Flat, house, street and area", autoComplete: "street-address", maxLength: 200 },
  { name: "city", label: "City", autoComplete: "address-level2", maxLength: 80 },
];
// No pattern: "560 034" is a PIN code as typed (the server reads its digits).
const PIN: Field = { name: "zipCode", label: "PIN code", inputMode: "numeric", autoComplete: "postal-code", maxLength: 10, hint: "6 digits" };

/** In the form's order (the first refused takes the focus). */
const FIELD_NAMES: string[] = [...NAME, ...CONTACT, ...PLACE].map((field) => field.name).concat("state", PIN.name);

const INPUT = "mt-1 w-full rounded border border-gray-400 px-2 py-2.5 text-gray-700 outline-none focus:border-primary";

type AddressFormProps = { address?: Partial<AddressSnapshot>; answer?: FormAnswer; submitLabel: string; showDefault?: boolean };
/** An Indian delivery address, to add or edit: a plain form; refusals show under their fields (ADR 047). */
export function AddressForm({ address, answer, submitLabel, showDefault = true }: AddressFormProps) {
  const busy = useNavigation().state === "submitting";
  const hydrated = useHydrated();
  const refusal = answer && !answer.ok ? answer : undefined;
  const { general, fieldProps, errorFor } = useFieldError(refusal, "address", FIELD_NAMES);
  const shown = refillFrom(answer);
  const input = ({ name, label, hint, ...attributes }: Field) => (
    <div key={name}>
      <label htmlFor={`address-${name}`} className="block text-gray-700">
        {label}
        {hint && <span className="text-xs text-gray-500"> ({hint})</span>}
      </label>
      <input
        id={`address-${name}`}
        {...fieldProps(name)}
        name={name}
        required
        type="text"
        {...attributes}
        defaultValue={shown(name, address?.[name] ?? "")}
        className={`${INPUT} aria-invalid:border-red-600`}
      />
      {errorFor(name)}
    </div>
  );
  return (
    // Hydrated, the server checks every field at once; the browser's own checks would stop at the first.
    <Form method="post" noValidate={hydrated} className="mt-8 max-w-md space-y-3 text-sm">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">{NAME.map(input)}</div>
      {CONTACT.map(input)}
      {PLACE.map(input)}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor="address-state" className="block text-gray-700">
            State or union territory
          </label>
          <select
            id="address-state"
            {...fieldProps("state")}
            name="state"
            required
            autoComplete="address-level1"
            defaultValue={shown("state", address?.state ?? "")}
            className={`${INPUT} bg-white aria-invalid:border-red-600`}
          >
            <option value="" disabled>
              Choose…
            </option>
            {INDIAN_STATES.map((state) => (
              <option key={state}>{state}</option>
            ))}
          </select>
          {errorFor("state")}
        </div>
        {input(PIN)}
      </div>
      <div>
        <label htmlFor="address-country" className="block text-gray-700">
          Country
        </label>
        <input id="address-country" name="country" value="India" readOnly className={`${INPUT} bg-gray-100`} />
      </div>
      {showDefault && (
        <label className="flex items-center gap-2 text-gray-700">
          <input type="checkbox" name="isDefault" defaultChecked={refillChecked(answer, "isDefault", false)} className="h-4 w-4 accent-primary" />
          Make this my default delivery address
        </label>
      )}
      <Alert className="text-red-700" message={general} />
      <BusyButton busy={busy} className="mt-4 w-full bg-primary py-3 uppercase text-white hover:bg-primary-dull">
        {submitLabel}
      </BusyButton>
    </Form>
  );
}
