export function productPath(product: { category: string; id: string }): string {
  return `/products/${product.category.toLowerCase()}/${encodeURIComponent(product.id)}`;
}

export function categoryPath(category: string): string {
  return `/products/${category.toLowerCase()}`;
}
