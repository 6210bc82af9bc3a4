import { Fragment, useEffect, useRef, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { INDIAN_STATES } from "@shared/indian-states";
import { paiseToRupees } from "@shared/money";
import { clockField, WEEKDAY_NAMES } from "@shared/store-hours";
import { answerForm } from "@worker/web/form-answer";
import { fromContext } from "@worker/web/context";
import { readForm } from "@worker/request-body";
import { readStoreSettings, saveStoreSettings } from "@worker/services/store-settings";
import { refillChecked, refillFrom } from "~/lib/refill";
import { Alert, useFieldError } from "~/lib/field-error";
import { useHydrated } from "~/lib/use-hydrated";
import { useActionToast } from "~/lib/use-action-toast";
import { useUnsavedChanges } from "~/lib/use-unsaved-changes";
import { sellerPageMeta } from "~/lib/site";
import type { Route } from "./+types/settings";
import { BusyButton } from "~/components/BusyButton";
import { UnsavedChangesDialog } from "~/components/seller/UnsavedChangesDialog";

export const meta: Route.MetaFunction = () => sellerPageMeta("Store settings", "Delivery area, opening hours, tax rate, fees, contact and business details.");

/** The stored row itself, never a cached copy. */
export async function loader({ context }: Route.LoaderArgs) {
  return { settings: await readStoreSettings(fromContext(context).db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return answerForm(request, async () => {
    await saveStoreSettings(fromContext(context).db, Object.fromEntries(await readForm(request)));
    return { msg: "Settings saved" };
  });
}

const INPUT = "mt-1 w-full rounded border border-gray-400 px-3 py-2 outline-none focus:border-primary aria-invalid:border-red-600";
/** The settings a refusal can name, as the schema names them (the contact fields are nested there). */
const CONTACT_FIELDS = ["email", "phone", "legalName", "office", "gstin"].map((name) => `contact.${name}`);
const FEE_FIELDS = [
  ["deliveryFee", "Delivery fee (₹)"],
  ["freeDeliveryFrom", "Free delivery on orders from (₹)"],
  ["smallCartFee", "Small-cart fee (₹)"],
  ["smallCartBelow", "on orders below (₹)"],
  ["minimumOrder", "Minimum order (₹)"],
] as const;
const SETTINGS_FIELDS = [
  ...["state", "expressPincodes", "standardMinDays", "standardMaxDays", "paused", "openingHours", "holidays", "taxPercent", "gstRates", "retentionYears"],
  ...FEE_FIELDS.map(([name]) => name),
  ...CONTACT_FIELDS,
];

export default function StoreSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { settings } = loaderData;
  const { fees, contact } = settings;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const hydrated = useHydrated();
  // A success is a toast; a refusal stays under its field (else by the button), where the seller fixes it.
  useActionToast(actionData?.ok ? actionData : undefined);
  const { general, fieldProps, errorFor } = useFieldError(actionData && !actionData.ok ? actionData : undefined, "settings", SETTINGS_FIELDS);
  const shown = refillFrom(actionData);
  // A field's id (as useFieldError names it: `settings-<field>`), its name as posted, the value shown, its refusal.
  const input = (field: string, value: string | number, help?: string, name = field) => ({
    id: `settings-${field}`,
    name,
    defaultValue: shown(name, value),
    ...fieldProps(field, help),
  });
  // Unsaved changes ask first (ADR 055). A save resets the fields to what was saved (perhaps tidied by the server).
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (actionData?.ok) form.current?.reset();
  }, [actionData]);
  // On its way until the page is read again (a submission's formData stays until then).
  const { blocker, asking, keepEditing } = useUnsavedChanges(form, { saving: navigation.formData !== undefined });
  return (
    <div className="max-w-2xl">
      <h1 className="text-2xl font-medium">Store settings</h1>
      {/* Hydrated, the server checks every field at once; the browser's own checks would stop at the first. */}
      <Form ref={form} method="post" noValidate={hydrated} className="mt-6 space-y-8 text-sm">
        <fieldset className="space-y-4">
          <legend className="text-lg font-medium">Delivery area</legend>
          <Setting field="state" label="State you deliver in">
            {/* Keyed by the saved state: React does not carry a new defaultValue to a select's options (ADR 055). */}
            <select key={settings.state} {...input("state", settings.state)} className={`${INPUT} bg-white`}>
              {INDIAN_STATES.map((state) => (
                <option key={state}>{state}</option>
              ))}
            </select>
            {errorFor("state")}
            <p className="mt-1 text-gray-500">Addresses outside this state cannot order.</p>
          </Setting>
          <Setting field="expressPincodes" label="Express pincodes" error={errorFor("expressPincodes")}>
            <p id="settings-express-help" className="text-gray-500">
              A line each: the PIN code and the delivery time in minutes, such as “560001 30”. PIN codes with the same time can share a line: “560002, 560003
              25”.
            </p>
            <textarea
              rows={8}
              {...input("expressPincodes", settings.expressPincodes.map((entry) => `${entry.pincode} ${entry.etaMinutes}`).join("\n"), "settings-express-help")}
              className={`${INPUT} font-mono`}
            />
          </Setting>
          {/* Aligned at the bottom: "from" wraps on a phone (their refusal goes under both). */}
          <div className="grid grid-cols-2 items-end gap-4">
            {(["standardMinDays", "standardMaxDays"] as const).map((name) => (
              <Setting key={name} field={name} label={name === "standardMinDays" ? "Standard delivery from (business days)" : "to (business days)"}>
                <input type="number" min={1} max={30} required {...input(name, settings[name])} className={INPUT} />
              </Setting>
            ))}
          </div>
          {errorFor("standardMinDays")}
          {errorFor("standardMaxDays")}
          <p className="text-gray-500">Standard delivery applies everywhere in the state outside the express pincodes.</p>
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="text-lg font-medium">Opening hours</legend>
          <label className="flex items-center gap-2 font-medium">
            <input type="checkbox" {...input("paused", "on")} defaultChecked={refillChecked(actionData, "paused", settings.paused)} className="size-4" />
            Pause the store: not taking orders now
          </label>
          {errorFor("paused")}
          <p id="settings-hours-help" className="text-gray-500">
            Express delivery is promised while you are open; at other times shoppers are told when it will come. Times in IST, in quarter hours; leave a day
            empty if you are closed, and close at 00:00 for midnight.
          </p>
          <div id="settings-openingHours" tabIndex={-1} className="grid max-w-md grid-cols-[auto_1fr_1fr] items-center gap-x-3 gap-y-2">
            {settings.openingHours.map((hours, i) => (
              <Fragment key={WEEKDAY_NAMES[i]}>
                <span className="font-medium">{WEEKDAY_NAMES[i]}</span>
                {(["opens", "closes"] as const).map((edge, side) => (
                  <input
                    key={edge}
                    type="time"
                    step={900}
                    aria-label={`${WEEKDAY_NAMES[i]} ${edge}`}
                    {...input(`${edge}${i}`, hours?.map(clockField)[side] ?? "", "settings-hours-help")}
                    className={INPUT}
                  />
                ))}
              </Fragment>
            ))}
          </div>
          {errorFor("openingHours")}
          <Setting field="holidays" label="Holidays, closed all day" error={errorFor("holidays")}>
            <input {...input("holidays", settings.holidays.join(", "), "settings-holidays-help")} className={INPUT} />
            <p id="settings-holidays-help" className="mt-1 text-gray-500">
              Dates such as 2026-12-25, separated by commas.
            </p>
          </Setting>
        </fieldset>

        <fieldset className="space-y-2">
          <legend className="text-lg font-medium">Tax</legend>
          <Setting field="taxPercent" label="Tax rate (%)" error={errorFor("taxPercent")}>
            <input
              type="number"
              min={0}
              max={28}
              step={0.01}
              required
              {...input("taxPercent", settings.taxBasisPoints / 100, "settings-tax-help")}
              className={`${INPUT} max-w-32`}
            />
          </Setting>
          <p id="settings-tax-help" className="text-gray-500">
            Added on top of the listed prices at checkout; orders keep the rate they were charged. A store trading in India should set 0%: prices then include
            GST, the product page shows the MRP, inclusive of all taxes, nothing is ever charged above it, and each product&apos;s GST rate and HSN code make
            the invoice&apos;s tax lines.
          </p>
          <Setting field="gstRates" label="GST rates a product may carry (%)" error={errorFor("gstRates")}>
            <input {...input("gstRates", settings.gstRates.map((rate) => rate / 100).join(", "))} className={`${INPUT} max-w-64`} />
          </Setting>
        </fieldset>

        <fieldset className="space-y-2">
          <legend className="text-lg font-medium">Personal data</legend>
          <Setting field="retentionYears" label="Erase accounts inactive for (years)" error={errorFor("retentionYears")}>
            <input
              type="number"
              min={1}
              max={10}
              required
              {...input("retentionYears", settings.retentionYears, "settings-retention-help")}
              className={`${INPUT} max-w-32`}
            />
          </Setting>
          <p id="settings-retention-help" className="text-gray-500">
            An account with no sign-in and no order for this long is erased as a shopper can erase it; its orders stay for the tax records.
          </p>
        </fieldset>

        <fieldset className="space-y-2">
          <legend className="text-lg font-medium">Fees</legend>
          <p id="settings-fees-help" className="text-gray-500">
            Each optional: leave it empty for none. Amounts compare the cart&apos;s item total; shoppers see the fees in the cart before they order.
          </p>
          <div className="grid grid-cols-2 items-end gap-4">
            {FEE_FIELDS.map(([name, label]) => (
              <Setting key={name} field={name} label={label} error={errorFor(name)}>
                <input inputMode="decimal" {...input(name, fees[name] ? paiseToRupees(fees[name]) : "", "settings-fees-help")} className={INPUT} />
              </Setting>
            ))}
          </div>
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="text-lg font-medium">Contact details</legend>
          <p className="text-gray-500">Shown on the Contact Us page and the policy pages.</p>
          {Object.entries({
            contactEmail: ["contact.email", "Support e-mail", "email", contact.email],
            contactPhone: ["contact.phone", "Support phone", "tel", contact.phone],
          } as const).map(([name, [field, label, type, value]]) => (
            <Setting key={name} field={field} label={label} error={errorFor(field)}>
              <input type={type} required {...input(field, value, undefined, name)} className={INPUT} />
            </Setting>
          ))}
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="text-lg font-medium">Business details</legend>
          <p className="text-gray-500">Printed on every invoice and packing slip, and shown on the Contact Us page.</p>
          <Setting field="contact.legalName" label="Legal name of the business" error={errorFor("contact.legalName")}>
            <input required maxLength={120} {...input("contact.legalName", contact.legalName, undefined, "contactLegalName")} className={INPUT} />
          </Setting>
          <Setting field="contact.office" label="Registered office address" error={errorFor("contact.office")}>
            <p id="settings-office-help" className="text-gray-500">
              As it should be printed, one line per line.
            </p>
            <textarea
              rows={3}
              required
              maxLength={300}
              {...input("contact.office", contact.office, "settings-office-help", "contactOffice")}
              className={INPUT}
            />
          </Setting>
          <Setting field="contact.gstin" label="GSTIN (optional)">
            <input
              maxLength={15}
              autoCapitalize="characters"
              spellCheck={false}
              {...input("contact.gstin", contact.gstin ?? "", "settings-gstin-help", "contactGstin")}
              className={`${INPUT} max-w-64 font-mono uppercase`}
            />
            {errorFor("contact.gstin")}
            <p id="settings-gstin-help" className="mt-1 text-gray-500">
              15 characters, such as 29ABCDE1234F1ZW. Leave it empty if the store is not registered for GST.
            </p>
          </Setting>
        </fieldset>

        <Alert className="text-red-700" message={general} />
        <BusyButton busy={busy} className="rounded bg-primary px-8 py-2.5 font-medium text-white hover:bg-primary-dull">
          {busy ? "Saving…" : "Save settings"}
        </BusyButton>
        <UnsavedChangesDialog blocker={blocker} asking={asking} onKeepEditing={keepEditing} unsaved="the store settings" />
      </Form>
    </div>
  );
}

/** A setting's label over its field, whose id is `settings-<field>` (as useFieldError names it). */
function Setting({ field, label, error, children }: { field: string; label: string; error?: ReactNode; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={`settings-${field}`} className="block font-medium">
        {label}
      </label>
      {children}
      {error}
    </div>
  );
}
