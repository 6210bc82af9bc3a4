// A stand-in for the spec's React client (axios with `withCredentials`, VITE_BACKEND_URL): the same
// calls, paths and fields, made with fetch(..., { credentials: "include" }) from another origin.
// The journey drives it through `window.store`.
const backend = new URLSearchParams(location.search).get("backend");

async function call(method, path, body) {
  const init = { method, credentials: "include", headers: {} };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(`${backend}${path}`, init);
  const data = await response.json();
  // The spec's client toasts `message` (success) and the server's message on failure.
  document.getElementById("toast").textContent = data.message;
  return { status: response.status, ...data };
}

function renderProducts(products) {
  const list = document.getElementById("products");
  list.replaceChildren(
    ...products.map((product) => {
      const item = document.createElement("li");
      const image = document.createElement("img");
      image.src = product.image[0];
      image.alt = product.name;
      image.width = 64;
      item.append(image, ` ${product.name} ₹${product.offerPrice}${product.inStock ? "" : " (out of stock)"}`);
      return item;
    }),
  );
}

async function pngFile() {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 8;
  canvas.getContext("2d").fillRect(0, 0, 8, 8);
  const blob = await new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
  return new File([blob], "kit.png", { type: "image/png" });
}

window.store = {
  async listProducts() {
    const answer = await call("GET", "/api/product/list");
    renderProducts(answer.products.filter((p) => p.inStock));
    return answer;
  },
  register: (user) => call("POST", "/api/user/register", user),
  isAuth: () => call("GET", "/api/user/is-auth"),
  saveCart: (cartItems) => call("POST", "/api/cart/update", { cartItems }),
  addAddress: (address) => call("POST", "/api/address/add", { address }),
  listAddresses: () => call("GET", "/api/address/get"),
  placeCod: (userId, items, address) => call("POST", "/api/order/COD", { userId, items, address }),
  myOrders: () => call("GET", "/api/order/user"),
  sellerLogin: (email, password) => call("POST", "/api/seller/login", { email, password }),
  sellerProducts: () => call("GET", "/api/product/list"),
  async addProduct(productData) {
    const form = new FormData();
    form.append("productData", JSON.stringify(productData));
    form.append("images", await pngFile());
    return call("POST", "/api/product/add", form);
  },
  toggleStock: (id, inStock) => call("POST", "/api/product/stock", { id, inStock }),
  sellerOrders: () => call("GET", "/api/order/seller"),
};
document.body.dataset.ready = "true";
