/** The store's settings: one D1 row, DEFAULT_STORE_SETTINGS until the seller first saves. A save changes the catalogue's version (ADR 059). */
import { eq } from "drizzle-orm";
import { storePromiseSentence } from "@shared/delivery";
import type { IndianState } from "@shared/indian-states";
import { feesSentence } from "@shared/fees";
import { paiseToRupees, type Fees } from "@shared/money";
import { DEFAULT_GST_RATES } from "@shared/gst";
import { priceTaxNote, taxPolicySentence } from "@shared/tax";
import { clockField, DEFAULT_OPENING_HOURS, hoursText } from "@shared/store-hours";
import type { Database } from "@worker/db/client";
import { storeSettings, type StoreContact, type StoreSettingsRow } from "@worker/db/schema";
import { parseInput } from "@worker/errors";
import { storeSettingsInput } from "@worker/validation/store-settings";

export type StoreSettings = Omit<StoreSettingsRow, "id" | "updatedAt" | "state"> & { state: IndianState };

export const DEFAULT_STORE_SETTINGS: StoreSettings = {
  state: "Karnataka",
  expressPincodes: ["560001", "560002", "560008", "560025", "560027", "560034", "560038", "560095"].map((pincode) => ({ pincode, etaMinutes: 30 })),
  standardMinDays: 2,
  standardMaxDays: 7,
  taxBasisPoints: 200,
  fees: {},
  gstRates: DEFAULT_GST_RATES,
  retentionYears: 3,
  contact: {
    email: "support@greenbasket.example",
    phone: "+91 80000 00000",
    legalName: "GreenBasket Retail Pvt. Ltd.",
    office: "12 Market Road\nBengaluru, Karnataka 560001\nIndia",
    gstin: null,
  },
  openingHours: DEFAULT_OPENING_HOURS,
  holidays: [],
  paused: false,
};

const ROW_ID = 1;

export const storeSettingsQuery = (db: Database) => db.select().from(storeSettings).where(eq(storeSettings.id, ROW_ID)).limit(1);

export function toStoreSettings(rows: StoreSettingsRow[]): StoreSettings {
  const row = rows[0];
  if (!row) return DEFAULT_STORE_SETTINGS;
  const { id: _id, updatedAt: _updatedAt, state, contact, ...rest } = row;
  return { ...rest, state: state as IndianState, contact: withInvoiceDetails(contact) };
}

/** A contact saved before legal name and GSTIN gets the default name, and its office loses the name the old default put in front; hours are data now. */
function withInvoiceDetails({ hours: _hours, ...contact }: StoreContact & { hours?: string }): StoreContact {
  if (typeof contact.legalName === "string") return { ...contact, gstin: contact.gstin ?? null };
  const legalName = DEFAULT_STORE_SETTINGS.contact.legalName;
  const office = contact.office.startsWith(`${legalName}, `) ? contact.office.slice(legalName.length + 2) : contact.office;
  return { ...contact, legalName, office, gstin: null };
}

export const readStoreSettings = async (db: Database): Promise<StoreSettings> => toStoreSettings(await storeSettingsQuery(db));

/** Hours absent from the input stay as stored (drizzle leaves undefined columns out). */
export async function saveStoreSettings(db: Database, input: unknown): Promise<StoreSettings> {
  const row = { id: ROW_ID, ...parseInput(storeSettingsInput, input), updatedAt: Date.now() };
  return toStoreSettings(await db.insert(storeSettings).values(row).onConflictDoUpdate({ target: storeSettings.id, set: row }).returning());
}

const FEE_NAMES = ["deliveryFee", "freeDeliveryFrom", "minimumOrder", "smallCartFee", "smallCartBelow"] as const;

/** Fees flat and in rupees (null: none), as the form and the API post them. */
export const toApiSettings = ({ taxBasisPoints, fees, gstRates, openingHours, ...settings }: StoreSettings) => ({
  ...settings,
  openingHours: openingHours.map((day) => day && { opens: clockField(day[0]), closes: clockField(day[1]) }),
  taxPercent: taxBasisPoints / 100,
  gstRates: gstRates.map((rate) => rate / 100),
  ...(Object.fromEntries(FEE_NAMES.map((name) => [name, fees[name] ? paiseToRupees(fees[name]) : null])) as Record<keyof Fees, number | null>),
});

/** What every shopper page may show: no pincode list nor hours' data (worded instead), and the layout's sentences worded here, costing the first load's JavaScript nothing. */
export function toStorefrontSettings({ expressPincodes, gstRates: _gstRates, openingHours, holidays: _holidays, ...settings }: StoreSettings) {
  const etas = expressPincodes.map(({ etaMinutes }) => etaMinutes);
  const terms = {
    ...settings,
    fastestExpressMinutes: etas.length > 0 ? Math.min(...etas) : null,
    slowestExpressMinutes: etas.length > 0 ? Math.max(...etas) : null,
  };
  return {
    ...terms,
    words: {
      promise: storePromiseSentence(terms),
      priceTax: priceTaxNote(settings.taxBasisPoints),
      taxPolicy: taxPolicySentence(settings.taxBasisPoints),
      fees: feesSentence(settings.fees),
      hours: hoursText(openingHours),
    },
  };
}
