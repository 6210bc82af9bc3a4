/** India's 28 states and 8 union territories: validation accepts these names only. */
export const INDIAN_STATES = [
  ...["Andaman and Nicobar Islands", "Andhra Pradesh", "Arunachal Pradesh", "Assam", "Bihar", "Chandigarh", "Chhattisgarh"],
  ...["Dadra and Nagar Haveli and Daman and Diu", "Delhi", "Goa", "Gujarat", "Haryana", "Himachal Pradesh", "Jammu and Kashmir", "Jharkhand", "Karnataka"],
  ...["Kerala", "Ladakh", "Lakshadweep", "Madhya Pradesh", "Maharashtra", "Manipur", "Meghalaya", "Mizoram", "Nagaland", "Odisha", "Puducherry", "Punjab"],
  ...["Rajasthan", "Sikkim", "Tamil Nadu", "Telangana", "Tripura", "Uttar Pradesh", "Uttarakhand", "West Bengal"],
] as const;

export type IndianState = (typeof INDIAN_STATES)[number];

const GST_CODES = "35 37 12 18 10 04 22 26 07 30 24 06 02 01 20 29 32 38 31 23 27 14 17 15 13 21 34 03 08 11 33 36 16 09 05 19".split(" ");
/** The GST state code an invoice's place of supply names: "29" for Karnataka. */
export const gstStateCode = (state: string): string | undefined => GST_CODES[INDIAN_STATES.indexOf(state as IndianState)];

/** Old or short names people still type (the spec's clients send free text). */
const OTHER_NAMES: Record<string, IndianState> = {
  ...{ orissa: "Odisha", pondicherry: "Puducherry", "new delhi": "Delhi", "nct of delhi": "Delhi", uttaranchal: "Uttarakhand" },
  ...{ "andaman & nicobar islands": "Andaman and Nicobar Islands", "jammu & kashmir": "Jammu and Kashmir" },
  "dadra & nagar haveli and daman & diu": "Dadra and Nagar Haveli and Daman and Diu",
};

const BY_LOWER_CASE = new Map<string, IndianState>([...INDIAN_STATES.map((s) => [s.toLowerCase(), s] as const), ...Object.entries(OTHER_NAMES)]);

/** The list's spelling, whatever the case and spacing. */
export const canonicalState = (name: string): IndianState | undefined => BY_LOWER_CASE.get(name.trim().replace(/\s+/g, " ").toLowerCase());
