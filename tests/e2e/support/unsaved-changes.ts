/** For the journeys of the seller's forms: the screens they run on, the question they ask before unsaved changes are lost (ADR 055), and saves held on their way. */
import { expect, type Locator, type Page } from "@playwright/test";

/** The question a held navigation asks on a seller's form with changes not saved. */
export function leaveQuestion(page: Page) {
  return page.getByRole("dialog", { name: "Leave page with unsaved changes?" });
}

/** A link of the seller's sidebar (a row of tabs on a phone). */
export function sellerLink(page: Page, label: string) {
  return page.getByRole("navigation", { name: "Seller" }).getByRole("link", { name: label });
}

/** A phone's screen, for the seller's journeys that run in the desktop projects. */
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/** The seller's form journeys run on a desktop and on a phone. */
export const SCREENS = [
  ["on a desktop", {}],
  ["on a phone", PHONE],
] as const;

/**
 * For a form whose saves POST to a path starting with `path`: returns `saveAndLeave(save, link)`,
 * which presses `save`, holds that save on its way, follows `link` meanwhile and checks that the
 * page stays and nothing asks while the button says "Saving…", then lets the save go on to its answer.
 */
export async function leavingMidSave(page: Page, path: string) {
  let onItsWay = Promise.resolve();
  await page.route(
    (url) => url.pathname.startsWith(path),
    async (route) => {
      if (route.request().method() === "POST") await onItsWay;
      await route.continue();
    },
  );
  return async (save: Locator, link: Locator) => {
    let letGo = () => {};
    onItsWay = new Promise<void>((resolve) => (letGo = resolve));
    const here = page.url();
    await save.click();
    await link.click();
    await expect(page.getByRole("button", { name: "Saving…" })).toBeVisible();
    await expect(leaveQuestion(page)).toHaveCount(0);
    await expect(page).toHaveURL(here);
    letGo();
  };
}
