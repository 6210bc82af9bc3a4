/**
 * The store's settings: the delivery area and promise, the tax rate, the contact details and who
 * the store is on its invoices (legal name, registered address, GSTIN) (the seller's Settings page
 * and `/api/seller/settings`). One row in D1; until the seller first saves,
 * DEFAULT_STORE_SETTINGS apply, so a fresh store already promises what the spec says.
 *
 * Pages read the row when they render; what charges or refuses (checkout) reads it in its own
 * batch (`storeSettingsQuery`). A save changes the catalogue's version (ADR 059).
 */
import { eq } from "drizzle-orm";
import { storePromiseSentence } from "@shared/delivery";
import type { IndianState } from "@shared/indian-states";
import { priceTaxNote, taxPolicySentence } from "@shared/tax";
import type { Database } from "@worker/db/client";
import { storeSettings, type ExpressPincode, type StoreContact, type StoreSettingsRow } from "@worker/db/schema";
import { parseInput } from "@worker/errors";
import { storeSettingsInput } from "@worker/validation/store-settings";

export type StoreSettings = {
  state: IndianState;
  expressPincodes: ExpressPincode[];
  standardMinDays: number;
  standardMaxDays: number;
  /** 200 = 2%. */
  taxBasisPoints: number;
  contact: StoreContact;
};

/** The spec's store: one state, express delivery in central Bengaluru, 2-7 business days elsewhere, 2% tax. */
export const DEFAULT_STORE_SETTINGS: StoreSettings = {
  state: "Karnataka",
  expressPincodes: ["560001", "560002", "560008", "560025", "560027", "560034", "560038", "560095"].map((pincode) => ({ pincode, etaMinutes: 30 })),
  standardMinDays: 2,
  standardMaxDays: 7,
  taxBasisPoints: 200,
  contact: {
    email: "support@greenbasket.example",
    phone: "+91 80000 00000",
    hours: "every day from 7 am to 11 pm",
    legalName: "GreenBasket Retail Pvt. Ltd.",
    office: "12 Market Road\nBengaluru, Karnataka 560001\nIndia",
    gstin: null,
  },
};

const ROW_ID = 1;

/** The settings row, for a caller's own D1 batch (awaitable too); `toStoreSettings` reads its result. */
export function storeSettingsQuery(db: Database) {
  return db.select().from(storeSettings).where(eq(storeSettings.id, ROW_ID)).limit(1);
}

export function toStoreSettings(rows: StoreSettingsRow[]): StoreSettings {
  const row = rows[0];
  if (!row) return DEFAULT_STORE_SETTINGS;
  const { id: _id, updatedAt: _updatedAt, state, contact, ...rest } = row;
  return { ...rest, state: state as IndianState, contact: withInvoiceDetails(contact) };
}

/**
 * A contact saved before the settings named the store's legal name and GSTIN has neither: it gets
 * the default legal name and no GSTIN. Its office then held the legal name in front of the address
 * (the old default did), which the invoice would print twice: that leading name is taken off.
 */
function withInvoiceDetails(contact: StoreContact): StoreContact {
  if (typeof contact.legalName === "string") return { ...contact, gstin: contact.gstin ?? null };
  const legalName = DEFAULT_STORE_SETTINGS.contact.legalName;
  const office = contact.office.startsWith(`${legalName}, `) ? contact.office.slice(legalName.length + 2) : contact.office;
  return { ...contact, legalName, office, gstin: null };
}

/** The settings as stored now (the seller's page, the API). */
export async function readStoreSettings(db: Database): Promise<StoreSettings> {
  return toStoreSettings(await storeSettingsQuery(db));
}

/** Validate and store the settings. */
export async function saveStoreSettings(db: Database, input: unknown): Promise<StoreSettings> {
  const settings: StoreSettings = parseInput(storeSettingsInput, input);
  const row = { ...settings, updatedAt: Date.now() };
  await db
    .insert(storeSettings)
    .values({ id: ROW_ID, ...row })
    .onConflictDoUpdate({ target: storeSettings.id, set: row });
  return settings;
}

/** The settings as the JSON API shows them (the tax as a percentage, as it is entered). */
export function toApiSettings({ taxBasisPoints, ...settings }: StoreSettings) {
  return { ...settings, taxPercent: taxBasisPoints / 100 };
}

/**
 * What every shopper page may show, sent with the root's data: no pincode list, only the promise's
 * terms, and the sentences the shared layout shows already worded (the words cost the first load's
 * JavaScript nothing; shared/delivery.ts and shared/tax.ts word them here, on the server).
 */
export function toStorefrontSettings(settings: StoreSettings) {
  const etas = settings.expressPincodes.map(({ etaMinutes }) => etaMinutes);
  const fastest = etas.length > 0 ? Math.min(...etas) : null;
  const slowest = etas.length > 0 ? Math.max(...etas) : null;
  const terms = {
    state: settings.state,
    fastestExpressMinutes: fastest,
    slowestExpressMinutes: slowest,
    standardMinDays: settings.standardMinDays,
    standardMaxDays: settings.standardMaxDays,
  };
  return {
    state: settings.state,
    /** The quickest and the slowest express times, or null when the store has no express pincodes. */
    fastestExpressMinutes: fastest,
    slowestExpressMinutes: slowest,
    standardMinDays: settings.standardMinDays,
    standardMaxDays: settings.standardMaxDays,
    taxBasisPoints: settings.taxBasisPoints,
    contact: settings.contact,
    words: {
      /** "In 30 minutes in our express areas, 2-7 business days anywhere else in Karnataka." */
      promise: storePromiseSentence(terms),
      /** Next to a price: "+ 2% tax added at checkout". */
      priceTax: priceTaxNote(settings.taxBasisPoints),
      /** "A tax of 2% of the cart amount is added at checkout." */
      taxPolicy: taxPolicySentence(settings.taxBasisPoints),
    },
  };
}
export type StorefrontSettings = ReturnType<typeof toStorefrontSettings>;
