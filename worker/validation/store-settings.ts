import { z } from "zod";
import { statesOfPincode } from "@worker/services/pincode-regions";
import { rupeesToPaise, type Fees } from "@shared/money";
import { DEFAULT_GST_RATES } from "@shared/gst";
import { decimal, emailField, MAX_GST_PERCENT, percentField, refuse, requiredNumber, rupeeAmount } from "./common";
import { pincodeField, stateField } from "./address";
import { WEEKDAY_NAMES } from "@shared/store-hours";

export const MAX_EXPRESS_PINCODES = 300;
export const MAX_TAX_PERCENT = 28; // the highest GST slab

const wholeNumber = (label: string, min: number, max: number) =>
  requiredNumber(
    decimal(
      z
        .number({ error: `${label} must be a number` })
        .int(`${label} must be a whole number`)
        .min(min, `${label} must be at least ${min}`)
        .max(max, `${label} must be at most ${max}`),
    ),
    `Enter ${label.replace(/^(A|An|The) /, (article) => article.toLowerCase())}`,
  );

const text = (label: string, max: number) =>
  z
    .string({ error: `Enter the ${label}` })
    .trim()
    .min(1, `Enter the ${label}`)
    .max(max, `Keep the ${label} under ${max} characters`);

const EXPRESS_MINUTES = { min: 5, max: 240 } as const;
const expressMinutes = wholeNumber("An express delivery time", EXPRESS_MINUTES.min, EXPRESS_MINUTES.max);

/** A refusal names the pincode (one line of many) and the unit. */
const expressPincode = z.object({ pincode: z.unknown(), etaMinutes: z.unknown() }).transform(({ pincode: typed, etaMinutes }, ctx) => {
  const pincode = pincodeField.safeParse(typed);
  if (!pincode.success) {
    const shown = typeof typed === "string" || typeof typed === "number" ? ` “${typed}”` : "";
    return refuse(ctx, `Express pincode${shown} is not a 6-digit PIN code, such as 560001`);
  }
  const minutes = expressMinutes.safeParse(etaMinutes);
  if (minutes.success) return { pincode: pincode.data, etaMinutes: minutes.data };
  return refuse(
    ctx,
    `Express pincode ${pincode.data}: the delivery time must be a whole number of minutes from ${EXPRESS_MINUTES.min} to ${EXPRESS_MINUTES.max}`,
  );
});

/** The Settings textarea as the API's list: PIN codes then their minutes ("560001 30, 560003, 560004 - 20"), per line. */
function expressLines(text: string, ctx: z.RefinementCtx): unknown[] {
  const entries: unknown[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    const refuseLine = (what: string) => ctx.addIssue({ code: "custom", message: `Express pincodes, line ${i + 1}: ${what}` });
    const range = line.match(/\d{6}\s*[-–]\s*\d{6}/);
    if (range) return refuseLine(`list each PIN code, not a range (“${range[0]}”)`);
    // A minus sign stays with its number ("560001 -5" is refused, not read as 5).
    const tokens = line
      .replace(/\bmin(ute)?s?\b/gi, " ")
      .replace(/\s[-–]\s|(?<=\d)[-–](?=\d)/g, " ")
      .split(/[\s,;:=]+/)
      .filter(Boolean);
    let pincodes: string[] = [];
    for (const token of tokens) {
      // A mistyped PIN code ("5600O1") is still one, refused by its own rule; minutes are shorter.
      if (token.length >= 4 && (token.match(/\d/g)?.length ?? 0) >= 3) {
        pincodes.push(token);
        continue;
      }
      if (pincodes.length === 0) return refuseLine(`“${token}” has no PIN code before it: write the PIN code and the minutes, such as "560001 30"`);
      for (const pincode of pincodes) entries.push({ pincode, etaMinutes: token });
      pincodes = [];
    }
    const last = pincodes.at(-1);
    if (last) refuseLine(`add the minutes after ${last}, such as "${last} 30"`);
  });
  return entries;
}

const taxPercentField = requiredNumber(percentField("The tax rate", MAX_TAX_PERCENT), "Enter the tax rate (0 for none)");

/** "0, 5, 18, 40" (the API may send numbers): kept as basis points, each once, in order; absent, the four slabs. */
const gstRatesField = z
  .union([z.string(), z.array(z.unknown())], { error: "List the GST rates" })
  .optional()
  .transform((value) =>
    value === undefined ? DEFAULT_GST_RATES.map((rate) => rate / 100) : typeof value === "string" ? value.split(/[\s,;%]+/).filter(Boolean) : value,
  )
  .pipe(z.array(percentField("A GST rate", MAX_GST_PERCENT)).min(1, "List at least one GST rate").max(10, "List at most 10 GST rates"))
  .transform((rates) => [...new Set(rates)].sort((a, b) => a - b));

/** A fee or threshold in rupees, kept in paise; empty or absent: none. */
const optionalRupees = (label: string) =>
  z.preprocess(
    (value) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value),
    rupeeAmount(label, 10_000)
      .optional()
      .transform((rupees) => (rupees === undefined ? undefined : rupeesToPaise(rupees))),
  );

/** "07:00" to "23:00" as minutes; neither: closed that day; closing at "00:00" is midnight. Quarter hours, the edge cache's step (ADR 076). */
const openingDay = (day: string) =>
  z.unknown().transform((value, ctx) => {
    const { opens, closes } = (value ?? {}) as { opens?: unknown; closes?: unknown };
    if (!opens && !closes) return null;
    const [from, to] = [opens, closes].map((time) => {
      const clock = typeof time === "string" ? time.trim().match(/^([01]?\d|2[0-3]):([0-5]\d)$/) : null;
      return clock ? Number(clock[1]) * 60 + Number(clock[2]) : NaN;
    }) as [number, number];
    const until = to === 0 ? 24 * 60 : to;
    if (Number.isNaN(from + until)) return refuse(ctx, `${day}: enter the opening and closing times, such as 07:00 and 23:00, or neither if closed`);
    if (from % 15 || until % 15) return refuse(ctx, `${day}: set the hours in quarter hours, such as 07:00 or 22:30`);
    return until > from ? ([from, until] as [number, number]) : refuse(ctx, `${day}: the store must close after it opens (00:00 is midnight)`);
  });

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** "2026-12-25, 2027-01-26" (the API may send a list): each once, in order. */
const holidaysField = z
  .union([z.string(), z.array(z.unknown())], { error: "List the holidays as dates" })
  .transform((value) => (typeof value === "string" ? value.split(/[\s,;]+/).filter(Boolean) : value))
  .pipe(
    z
      .array(
        z.unknown().refine((date) => typeof date === "string" && ISO_DATE.test(date) && new Date(date).toISOString().startsWith(date), {
          error: (issue) => `Holiday “${String(issue.input)}” is not a date such as 2026-12-25`,
        }),
      )
      .max(60, "List at most 60 holidays"),
  )
  .transform((dates) => [...new Set(dates as string[])].sort())
  .optional();

/** The form posts the contact fields and the hours flat; the API nests them. */
function nestFormFields(input: unknown): unknown {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
  const { contactEmail, contactPhone, contactOffice, contactLegalName, contactGstin, ...fields } = input as Record<string, unknown>;
  if ("contact" in fields) return fields;
  const days = WEEKDAY_NAMES.map((_, day) => ({ opens: fields[`opens${day}`], closes: fields[`closes${day}`] }));
  const rest = Object.fromEntries(Object.entries(fields).filter(([name]) => !/^(opens|closes)\d$/.test(name)));
  return {
    ...rest,
    ...("opens0" in input && { openingHours: days }),
    paused: rest.paused === "on",
    contact: { email: contactEmail, phone: contactPhone, office: contactOffice, legalName: contactLegalName, gstin: contactGstin },
  };
}

const GSTIN_CHARACTERS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** A GSTIN's check character (GSTN's base-36 Luhn variant), so a mistyped GSTIN is caught. */
function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  [...first14].forEach((character, i) => {
    const product = GSTIN_CHARACTERS.indexOf(character) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  });
  return GSTIN_CHARACTERS[(36 - (sum % 36)) % 36]!;
}

/** Optional: a small shop may not be registered. */
const gstinField = z
  .union([z.string(), z.null(), z.undefined()], { error: "Enter the GSTIN as text" })
  .transform((value) => value?.trim().toUpperCase().replace(/\s+/g, "") || null)
  .refine((gstin) => gstin === null || /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(gstin), "Enter the 15-character GSTIN, such as 29ABCDE1234F1ZW")
  .refine(
    (gstin) => gstin === null || gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14],
    "That GSTIN's last character does not match: check it for a typo",
  );

/** The Settings form and `POST /api/seller/settings`. */
export const storeSettingsInput = z.preprocess(
  nestFormFields,
  z
    .strictObject({
      state: stateField("Choose the state you deliver in", "Choose the state you deliver in from the list of states and union territories"),
      expressPincodes: z
        .union([z.string(), z.array(z.unknown())], { error: "List the express pincodes" })
        .transform((value, ctx) => (typeof value === "string" ? expressLines(value, ctx) : value))
        .pipe(z.array(expressPincode).max(MAX_EXPRESS_PINCODES, `At most ${MAX_EXPRESS_PINCODES} express pincodes`)),
      standardMinDays: wholeNumber("The shortest standard delivery", 1, 30),
      standardMaxDays: wholeNumber("The longest standard delivery", 1, 30),
      taxPercent: taxPercentField,
      gstRates: gstRatesField,
      // Absent, the three years the DPDP Rules set for large platforms (ADR 074).
      retentionYears: z.preprocess((years) => years ?? 3, wholeNumber("The retention period", 1, 10)),
      deliveryFee: optionalRupees("The delivery fee"),
      freeDeliveryFrom: optionalRupees("Free delivery from"),
      minimumOrder: optionalRupees("The minimum order"),
      smallCartFee: optionalRupees("The small-cart fee"),
      smallCartBelow: optionalRupees("The small-cart limit"),
      // Absent (a client that predates them), the stored hours stay.
      openingHours: z
        .array(z.unknown(), { error: "List the opening hours of the seven days, Monday first" })
        .length(7, "List the opening hours of the seven days, Monday first")
        .pipe(z.tuple(WEEKDAY_NAMES.map(openingDay) as [ReturnType<typeof openingDay>]))
        .optional(),
      holidays: holidaysField,
      paused: z.boolean({ error: "Say true or false for paused" }).optional(),
      contact: z.strictObject(
        {
          email: emailField,
          phone: z
            .string({ error: "Enter the contact phone number" })
            .trim()
            .regex(/^\+?[0-9][0-9 ()-]{6,19}$/, "Enter the contact phone number, such as +91 80000 00000"),
          legalName: text("business's legal name", 120),
          // Each line trimmed, blank lines dropped.
          office: text("registered office address", 300).transform((address) => address.replace(/\s*\n\s*/g, "\n")),
          gstin: gstinField,
        },
        { error: "Enter the contact details" },
      ),
    })
    .superRefine((settings, ctx) => {
      if (settings.standardMaxDays < settings.standardMinDays) {
        ctx.addIssue({ code: "custom", path: ["standardMaxDays"], message: "The longest standard delivery cannot be shorter than the shortest" });
      }
      if (settings.freeDeliveryFrom && !settings.deliveryFee) {
        ctx.addIssue({ code: "custom", path: ["freeDeliveryFrom"], message: "Set a delivery fee, or leave free delivery empty" });
      }
      if (!settings.smallCartFee !== !settings.smallCartBelow) {
        const path = settings.smallCartFee ? "smallCartBelow" : "smallCartFee";
        ctx.addIssue({ code: "custom", path: [path], message: "Set both the small-cart fee and the cart amount it applies below, or neither" });
      }
      const seen = new Set<string>();
      for (const { pincode } of settings.expressPincodes) {
        if (seen.has(pincode)) ctx.addIssue({ code: "custom", path: ["expressPincodes"], message: `Express pincode ${pincode} is listed twice` });
        seen.add(pincode);
        if (!statesOfPincode(pincode).includes(settings.state)) {
          ctx.addIssue({ code: "custom", path: ["expressPincodes"], message: `Express pincode ${pincode} is not in ${settings.state}` });
        }
      }
    })
    .transform(({ taxPercent, deliveryFee, freeDeliveryFrom, minimumOrder, smallCartFee, smallCartBelow, ...settings }) => ({
      ...settings,
      taxBasisPoints: taxPercent,
      fees: { deliveryFee, freeDeliveryFrom, minimumOrder, smallCartFee, smallCartBelow } satisfies Fees,
    })),
);
