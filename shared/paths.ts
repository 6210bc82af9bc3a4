export const productPath = (product: { category: string; id: string }): string =>
  `/products/${product.category.toLowerCase()}/${encodeURIComponent(product.id)}`;

export const categoryPath = (category: string): string => `/products/${category.toLowerCase()}`;
