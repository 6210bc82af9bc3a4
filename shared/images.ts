/** Public URL of an R2 object served by the Worker's /images route. */
export function imageUrl(key: string): string {
  return `/images/${key}`;
}

export function absoluteImageUrl(key: string, storeOrigin: string): string {
  return new URL(imageUrl(key), storeOrigin).href;
}
