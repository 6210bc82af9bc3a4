export function productPath(product: { category: string; id: string }): string {
  return `/products/${product.category.toLowerCase()}/${encodeURIComponent(product.id)}`;
}

export const categoryPath = (category: string): string => `/products/${category.toLowerCase()}`;
