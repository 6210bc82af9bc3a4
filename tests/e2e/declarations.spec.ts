/**
 * A product page declares what the Legal Metrology rules ask (ADR 071), readable on a desktop and a
 * phone: the demo's Basmati Rice, 5 kg at ₹520, with its unit sale price per kg.
 */
import { RICE, open } from "./support/app";
import { expect, test } from "./support/fixtures";

for (const device of ["desktop", "phone @mobile"] as const) {
  test(`a product page declares its quantity, unit price, origin, packer, best-before and consumer care: ${device}`, async ({ page }) => {
    await open(page, `/products/grains/${RICE.id}`);
    const facts = page.getByRole("region", { name: "Product information" });
    await expect(facts.getByRole("term")).toHaveText([
      "Net quantity",
      "Unit sale price",
      "Regular price",
      "Country of origin",
      "Manufacturer or packer",
      "Best before",
      "Consumer care",
    ]);
    await expect(facts.getByRole("definition")).toHaveText([
      "5 kg",
      "₹104 per kg",
      "₹550",
      "India",
      "Packed by GreenBasket Retail Pvt. Ltd.\n12 Market Road, Bengaluru, Karnataka 560001",
      "9 months from packing",
      /^GreenBasket Retail Pvt\. Ltd\., 12 Market Road, .*support@greenbasket\.example$/,
    ]);
    // Nothing runs off the side of a phone.
    const box = (await facts.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  });
}
