/**
 * What search engines and link previews read of a catalogue page, as React Router `meta`
 * descriptors (ADR 037): the canonical URL, Open Graph and Twitter card tags, and schema.org
 * JSON-LD. Every URL in them is absolute on the store's public origin (APP_URL), never taken
 * from the request.
 *
 * Built by the loaders on the server and handed to `meta` as data, so none of this code is in
 * the browser's first load (the pages' JavaScript budget is nearly spent); a client navigation
 * gets the descriptors in the page's data.
 */
import type { MetaDescriptor } from "react-router";
import { findCategory } from "@shared/categories";
import { absoluteImageUrl } from "@shared/images";
import { paiseToRupees } from "@shared/money";
import { categoryPath, productPath } from "@shared/paths";

/** The store as link previews and structured data name it. */
export type Site = {
  /** The public origin (APP_URL). */
  origin: string;
  name: string;
  /** R2 key of the picture of pages without one of their own. */
  image: string;
};

type PageSeo = {
  site: Site;
  /** The page's own path without a query: every variant (paging, search, sort) names the plain page. */
  path: string;
  /** The page's whole title, as its `<title>` says it. */
  title: string;
  description: string;
  /** An R2 key; the site's basket picture when the page has none of its own. */
  image?: string;
  type?: "website" | "product";
};

/** The canonical link, Open Graph and Twitter tags of a page. */
export function seoMeta({ site, path, title, description, image = site.image, type = "website" }: PageSeo): MetaDescriptor[] {
  const url = new URL(path, site.origin).href;
  const imageUrl = absoluteImageUrl(image, site.origin);
  return [
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: site.name },
    { property: "og:type", content: type },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { property: "og:locale", content: "en_IN" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: imageUrl },
  ];
}

type ProductSeo = {
  id: string;
  name: string;
  category: string;
  description: string[];
  images: string[];
  offerPricePaise: number;
  inStock: boolean;
  weight: string | null;
};

/** schema.org `Product` with its offer (price in INR, availability), and the page's `BreadcrumbList`. */
export function productJsonLd({ origin, name: storeName }: Site, product: ProductSeo): MetaDescriptor[] {
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

/** schema.org `BreadcrumbList`: the trail the page shows, as absolute URLs. */
export function breadcrumbJsonLd(origin: string, trail: { name: string; path: string }[]): MetaDescriptor {
  return {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: trail.map((step, i) => ({ "@type": "ListItem", position: i + 1, name: step.name, item: new URL(step.path, origin).href })),
    },
  };
}
