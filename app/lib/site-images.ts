/** R2 keys of the site's own pictures (uploaded by the seed script). */
export const SITE_IMAGES = {
  heroBasket: "site/hero/basket.webp",
  heroScooter: "site/hero/scooter.webp",
  heroProduce: "site/hero/produce.webp",
  featureDelivery: "site/features/delivery.webp",
  featureFresh: "site/features/fresh.webp",
  featurePrice: "site/features/price.webp",
  featureTrust: "site/features/trust.webp",
} as const;
