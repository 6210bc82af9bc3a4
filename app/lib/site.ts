import { SITE_IMAGES } from "./site-images";

export const STORE_NAME = "GreenBasket";

export function pageTitle(title?: string): string {
  // No delivery time in the tagline: the promise is the store's setting (the hero and the top bar show it).
  return title ? `${title} | ${STORE_NAME}` : `${STORE_NAME}: Fresh groceries and snacks delivered to your door`;
}

export const pageMeta = (title: string | undefined, description: string) => [{ title: pageTitle(title) }, { name: "description", content: description }];

/** Seller pages are never indexed (a route's meta replaces the layout's whole). */
export const sellerPageMeta = (title: string, description: string) => [...pageMeta(title, description), { name: "robots", content: "noindex" }];

/** The store as link previews and structured data name it (worker/web/seo.ts). */
export const siteAt = (origin: string) => ({ origin, name: STORE_NAME, image: SITE_IMAGES.heroBasket });
