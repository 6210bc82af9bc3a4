/** Public URL of an R2 object served by the Worker's /images route. */
export function imageUrl(key: string): string {
  return `/images/${key}`;
}

/** The same URL made absolute on the store's origin, for answers read by other origins. */
export function absoluteImageUrl(key: string, storeOrigin: string): string {
  return new URL(imageUrl(key), storeOrigin).href;
}
