// What search engines and link previews read (ADR 037), absolute on APP_URL; loaders pass it to `meta` as data, so it is not in the browser's first load.
import type { MetaDescriptor } from "react-router";
import { findCategory } from "@shared/categories";
import { absoluteImageUrl } from "@shared/images";
import { paiseToRupees } from "@shared/money";
import { categoryPath, productPath } from "@shared/paths";
import type { Product } from "@worker/db/schema";

/** `image`: the R2 key of the picture of pages without one of their own. */
export type Site = { origin: string; name: string; image: string };

/** `path` without a query: every variant (paging, search, sort) names the plain page. */
type PageSeo = { site: Site; path: string; title: string; description: string; image?: string; type?: "website" | "product" };

export function seoMeta({ site, path, title, description, image = site.image, type = "website" }: PageSeo): MetaDescriptor[] {
  const url = new URL(path, site.origin).href;
  const imageUrl = absoluteImageUrl(image, site.origin);
  const openGraph = { site_name: site.name, type, title, description, url, image: imageUrl, locale: "en_IN" };
  const twitter = { card: "summary_large_image", title, description, image: imageUrl };
  return [
    { tagName: "link", rel: "canonical", href: url },
    ...Object.entries(openGraph).map(([key, content]) => ({ property: `og:${key}`, content })),
    ...Object.entries(twitter).map(([key, content]) => ({ name: `twitter:${key}`, content })),
  ];
}

/** The form asks for the name on the first line, then the address. */
function manufacturerOf(text: string) {
  const [name, ...address] = text.split("\n");
  return { "@type": "Organization", name, ...(address.length > 0 && { address: address.join(", ") }) };
}

export function productJsonLd({ origin, name: storeName }: Site, product: Product): MetaDescriptor[] {
  const url = new URL(productPath(product), origin).href;
  const category = findCategory(product.category);
  return [
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Product",
        "@id": url,
        name: product.name,
        sku: product.id,
        category: category?.text ?? product.category,
        description: product.description.join(" "),
        image: product.images.map((key) => absoluteImageUrl(key, origin)),
        ...(product.weight ? { size: product.weight } : {}),
        ...(product.countryOfOrigin && { countryOfOrigin: product.countryOfOrigin }),
        ...(product.manufacturer && { manufacturer: manufacturerOf(product.manufacturer) }),
        brand: { "@type": "Brand", name: storeName },
        offers: {
          "@type": "Offer",
          url,
          priceCurrency: "INR",
          price: paiseToRupees(product.offerPricePaise).toFixed(2),
          availability: product.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
          itemCondition: "https://schema.org/NewCondition",
          seller: { "@type": "Organization", name: storeName },
        },
      },
    },
    breadcrumbJsonLd(origin, [
      { name: "Home", path: "/" },
      { name: "Products", path: "/products" },
      { name: category?.text ?? product.category, path: categoryPath(product.category) },
      { name: product.name, path: productPath(product) },
    ]),
  ];
}

const breadcrumbJsonLd = (origin: string, trail: { name: string; path: string }[]): MetaDescriptor => ({
  "script:ld+json": {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((step, i) => ({ "@type": "ListItem", position: i + 1, name: step.name, item: new URL(step.path, origin).href })),
  },
});
