/** Public URL of an R2 object served by the Worker's /images route. */
export const imageUrl = (key: string): string => `/images/${key}`;

export const absoluteImageUrl = (key: string, storeOrigin: string): string => new URL(imageUrl(key), storeOrigin).href;
