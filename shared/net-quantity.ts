/** Net quantity from the weight text ("500 g", "1.5 L"), and the unit sale price of the Legal Metrology (Packaged Commodities) Rules, rule 6(11). */
import { formatRupees, type Paise } from "./money";

type NetQuantity = { amount: number; unit: "g" | "ml" | "piece" };

const UNITS: [RegExp, NetQuantity["unit"], number][] = [
  [/^(kg|kgs|kilo(gram)?s?)$/, "g", 1000],
  [/^(g|gm|gms|grams?)$/, "g", 1],
  [/^(l|ltr|ltrs|lit(re|er)s?)$/, "ml", 1000],
  [/^(ml|millilit(re|er)s?)$/, "ml", 1],
  [/^(pcs?|pieces?|units?|nos?|pack|packs|count)$/, "piece", 1],
  [/^dozens?$/, "piece", 12],
];

export function netQuantityOf(weight: string | null): NetQuantity | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]+)\.?\s*$/i.exec(weight ?? "");
  if (!match) return null;
  const found = UNITS.find(([pattern]) => pattern.test(match[2]!.toLowerCase()));
  const amount = found && Number(match[1]) * found[2];
  return found && amount ? { amount, unit: found[1] } : null;
}

/** "₹0.22 per g", "₹104 per kg", "₹5 per piece"; null where the rule asks none (the price is the unit's) or the quantity is unknown. */
export function unitSalePrice(pricePaise: Paise, weight: string | null): string | null {
  const net = netQuantityOf(weight);
  if (!net || net.amount === 1 || (net.unit !== "piece" && net.amount === 1000)) return null;
  const [per, size] = net.unit === "piece" ? ["piece", 1] : net.amount > 1000 ? [net.unit === "g" ? "kg" : "l", 1000] : [net.unit, 1];
  return `${formatRupees(Math.round((pricePaise * size) / net.amount))} per ${per}`;
}
