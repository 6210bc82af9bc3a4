/** The seven categories of the store (a client constant, as in the spec). */
export const CATEGORIES = [
  { path: "Vegetables", text: "Organic veggies", bgColor: "#FEF6DA", image: "site/categories/vegetables.webp" },
  { path: "Fruits", text: "Fresh Fruits", bgColor: "#FEE0E0", image: "site/categories/fruits.webp" },
  { path: "Drinks", text: "Cold Drinks", bgColor: "#F0F5DE", image: "site/categories/drinks.webp" },
  { path: "Instant", text: "Instant Food", bgColor: "#E1F5EC", image: "site/categories/instant.webp" },
  { path: "Dairy", text: "Dairy Products", bgColor: "#FEE6CD", image: "site/categories/dairy.webp" },
  { path: "Bakery", text: "Bakery & Breads", bgColor: "#E0F6FE", image: "site/categories/bakery.webp" },
  { path: "Grains", text: "Grains & Cereals", bgColor: "#F1E3F9", image: "site/categories/grains.webp" },
] as const;

export type Category = (typeof CATEGORIES)[number];
export type CategoryPath = Category["path"];
export const CATEGORY_PATHS = CATEGORIES.map((c) => c.path) as [CategoryPath, ...CategoryPath[]];

/** Case-insensitive lookup: "/products/vegetables" and "/products/Vegetables" are the same page. */
export const findCategory = (path: string): Category | undefined => CATEGORIES.find((c) => c.path.toLowerCase() === path.toLowerCase());
