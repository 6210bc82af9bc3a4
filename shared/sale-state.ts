/** For the seller: what shoppers see of a product and why (on sale, switched off, sold out), and what is counted. */
export function saleStateText({ switchedOff, stock }: { switchedOff: boolean; stock: number | null }): string {
  const counted = stock === null ? "not counted" : `${stock} left`;
  if (switchedOff) return `Switched off: shoppers see it out of stock · ${counted}`;
  if (stock === 0) return "Sold out: shoppers see it out of stock · 0 left";
  return `On sale · ${counted}`;
}
