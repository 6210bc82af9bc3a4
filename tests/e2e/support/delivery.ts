/**
 * The top bar's "Deliver to" (app/components/DeliveryChip.tsx) for the delivery journeys: one chip
 * for the phone and the desktop layouts, a <details> whose form posts the pincode.
 */
import { expect, type Locator, type Page } from "@playwright/test";

/** The chip's promise ("Delivery in 30 min", "We don't deliver to 400001 yet"). */
export function chipPromise(page: Page): Locator {
  return page.getByRole("banner").getByTestId("delivery-promise");
}

/** Open the chip and check a pincode (with JavaScript: a fetcher; without: the form posts and comes back). */
export async function checkPincode(page: Page, pincode: string) {
  const banner = page.getByRole("banner");
  const field = banner.getByLabel("Delivery pincode");
  if (!(await field.isVisible())) await banner.getByText(/^Deliver to/).click();
  await field.fill(pincode);
  await banner.getByRole("button", { name: "Check" }).click();
  await expect(banner.getByText(`Deliver to ${pincode}`, { exact: true })).toBeVisible();
}
