/**
 * The top bar's "Deliver to" (app/components/DeliveryChip.tsx) for the delivery journeys: one chip
 * for the phone and the desktop layouts, a <details> whose form posts the pincode.
 */
import { expect, type Locator, type Page } from "@playwright/test";

/** The chip itself, what a shopper taps to open its panel ("Deliver to 560001 · Delivery in 30 min"). */
export function deliveryChip(page: Page): Locator {
  return page
    .getByRole("banner")
    .locator("summary")
    .filter({ hasText: /^Deliver to/ });
}

/** The chip's promise ("Delivery in 30 min", "We don't deliver to 400001 yet"). */
export function chipPromise(page: Page): Locator {
  return page.getByRole("banner").getByTestId("delivery-promise");
}

/** The chip, its pincode and its promise, fits one line of the top bar: on a 390 px phone too. */
export async function expectChipOnOneLine(page: Page) {
  const { height, lineHeight } = await chipPromise(page).evaluate((promise) => ({
    height: promise.closest("summary")!.getBoundingClientRect().height,
    lineHeight: parseFloat(getComputedStyle(promise).lineHeight),
  }));
  expect(height, "the chip's height: one line and its padding").toBeLessThan(2 * lineHeight);
}

/** Open the chip and check a pincode (with JavaScript: a fetcher; without: the form posts and comes back). */
export async function checkPincode(page: Page, pincode: string) {
  const banner = page.getByRole("banner");
  const field = banner.getByLabel("Delivery pincode");
  if (!(await field.isVisible())) await deliveryChip(page).click();
  await field.fill(pincode);
  await banner.getByRole("button", { name: "Check" }).click();
  await expect(banner.getByText(`Deliver to ${pincode}`, { exact: true })).toBeVisible();
}
