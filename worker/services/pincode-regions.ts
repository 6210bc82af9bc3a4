// A PIN code's state by its sorting district (first three digits; a border district names each state it serves), exact ranges first.
import type { IndianState } from "@shared/indian-states";

/** "first-last State" (prefixes inclusive), or "State, State" for a border district: type-checked, read once below. Ordered, no overlaps. */
type PrefixRange = `${number}-${number} ${IndianState}` | `${number}-${number} ${IndianState}, ${IndianState}`;
const PREFIX_TABLE = [
  ...["110-119 Delhi", "120-139 Haryana", "140-159 Punjab", "160-160 Chandigarh, Punjab", "161-169 Punjab", "170-179 Himachal Pradesh"],
  ...["180-193 Jammu and Kashmir", "194-194 Ladakh, Jammu and Kashmir", "195-199 Jammu and Kashmir", "200-243 Uttar Pradesh"],
  ...["244-244 Uttar Pradesh, Uttarakhand", "245-245 Uttar Pradesh", "246-247 Uttarakhand, Uttar Pradesh", "248-249 Uttarakhand", "250-261 Uttar Pradesh"],
  ...["262-262 Uttar Pradesh, Uttarakhand", "263-263 Uttarakhand", "264-299 Uttar Pradesh", "300-359 Rajasthan", "360-361 Gujarat"],
  ...["362-362 Gujarat, Dadra and Nagar Haveli and Daman and Diu", "363-395 Gujarat", "396-396 Gujarat, Dadra and Nagar Haveli and Daman and Diu"],
  ...["397-399 Gujarat", "400-402 Maharashtra", "403-403 Goa", "404-449 Maharashtra", "450-489 Madhya Pradesh", "490-499 Chhattisgarh", "500-509 Telangana"],
  ...["510-532 Andhra Pradesh", "533-533 Andhra Pradesh, Puducherry", "534-559 Andhra Pradesh", "560-599 Karnataka", "600-604 Tamil Nadu"],
  ...["605-605 Puducherry, Tamil Nadu", "606-608 Tamil Nadu", "609-609 Tamil Nadu, Puducherry", "610-669 Tamil Nadu", "670-672 Kerala"],
  ...["673-673 Kerala, Puducherry", "674-681 Kerala", "682-682 Kerala, Lakshadweep", "683-699 Kerala", "700-736 West Bengal", "737-737 Sikkim"],
  ...["738-743 West Bengal", "744-744 Andaman and Nicobar Islands", "745-749 West Bengal", "750-779 Odisha", "780-789 Assam", "790-792 Arunachal Pradesh"],
  ...["793-794 Meghalaya", "795-795 Manipur", "796-796 Mizoram", "797-798 Nagaland", "799-799 Tripura", "800-813 Bihar", "814-816 Jharkhand", "817-821 Bihar"],
  ...["822-822 Jharkhand", "823-824 Bihar", "825-835 Jharkhand", "836-899 Bihar"],
] as const satisfies readonly PrefixRange[];
const PREFIXES = PREFIX_TABLE.map((entry) => {
  const [, first, last, states] = /^(\d+)-(\d+) (.+)$/.exec(entry)!;
  return [Number(first), Number(last), states!.split(", ") as IndianState[]] as const;
});

/** Exact ranges inside the shared prefixes: [first PIN, last PIN, state]. */
const EXACT: readonly (readonly [number, number, IndianState])[] = [
  [682551, 682559, "Lakshadweep"],
  [533464, 533464, "Puducherry"], // Yanam
  [673310, 673310, "Puducherry"], // Mahe
  [362520, 362520, "Dadra and Nagar Haveli and Daman and Diu"], // Diu
  [194101, 194404, "Ladakh"],
];

/** One state for almost every PIN; empty if none uses it. */
export function statesOfPincode(pincode: string): readonly IndianState[] {
  if (!/^[1-9]\d{5}$/.test(pincode)) return [];
  const pin = Number(pincode);
  const exact = EXACT.find(([first, last]) => pin >= first && pin <= last);
  if (exact) return [exact[2]];
  const prefix = Math.floor(pin / 1000);
  return PREFIXES.find(([first, last]) => prefix >= first && prefix <= last)?.[2] ?? [];
}
