import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/shop/layout.tsx", [
    index("routes/shop/home.tsx"),
    route("products", "routes/shop/products.tsx"),
    route("products/:category", "routes/shop/category.tsx"),
    route("products/:category/:id", "routes/shop/product.tsx"),
    route("cart", "routes/shop/cart.tsx"),
    route("add-address", "routes/shop/add-address.tsx"),
    route("my-orders", "routes/shop/my-orders.tsx"),
    route("login", "routes/account/login.tsx"),
    route("logout", "routes/account/logout.tsx"),
    route("loader", "routes/shop/loader.tsx"),
    route("contact", "routes/info/contact-redirect.tsx"),
    route("contact-us", "routes/info/contact-us.tsx"),
    route("privacy-policy", "routes/info/privacy-policy.tsx"),
    route("terms-and-conditions", "routes/info/terms-and-conditions.tsx"),
    route("cancellation-refund", "routes/info/cancellation-refund.tsx"),
    route("shipping-delivery", "routes/info/shipping-delivery.tsx"),
    route("*", "routes/shop/not-found.tsx"),
  ]),
  route("seller/login", "routes/seller/login.tsx"),
  route("seller/logout", "routes/seller/logout.tsx"),
  route("seller", "routes/seller/layout.tsx", [
    index("routes/seller/add-product.tsx"),
    route("product-list", "routes/seller/product-list.tsx"),
    route("products/:id/edit", "routes/seller/edit-product.tsx"),
    route("products/import", "routes/seller/import-products.tsx"),
    route("orders", "routes/seller/orders.tsx"),
  ]),
] satisfies RouteConfig;
