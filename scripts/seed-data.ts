/**
 * The demo catalogue (../shared/spec/catalogue.md): 35 products, 5 per category, prices in rupees
 * (MRP, then selling price). Images are Fluent Emoji 3D files named by code point.
 */
export type SeedProduct = {
  id: string;
  name: string;
  category: string;
  mrp: number;
  price: number;
  weight: string;
  emoji: string;
  description: string[];
  /** The Legal Metrology declarations (ADR 071): plausible, for the demo. */
  countryOfOrigin: string;
  manufacturer: string;
  shelfLife: string;
  /** GST inside the price, in basis points, and the HSN code (ADR 073). */
  gstRate: number;
  hsn: string;
};

type Row = [name: string, category: string, mrp: number, price: number, weight: string, emoji: string, description: string[]];

const rows: Row[] = [
  ["Potato 500g", "Vegetables", 25, 20, "500 g", "1f954", ["Fresh and organic", "Rich in carbohydrates", "Ideal for curries and fries"]],
  ["Tomato 1 kg", "Vegetables", 40, 35, "1 kg", "1f345", ["Juicy and ripe", "Rich in vitamin C", "Perfect for salads and sauces"]],
  ["Carrot 500g", "Vegetables", 30, 28, "500 g", "1f955", ["Sweet and crunchy", "Good for eyesight", "Great for juices and halwa"]],
  ["Spinach 500g", "Vegetables", 18, 15, "500 g", "1f96c", ["Rich in iron", "High in vitamins", "Perfect for palak paneer"]],
  ["Onion 500g", "Vegetables", 22, 19, "500 g", "1f9c5", ["Fresh and pungent", "Adds flavour to every dish", "Stays fresh for weeks"]],
  ["Apple 1 kg", "Fruits", 120, 110, "1 kg", "1f34e", ["Crisp and juicy", "Rich in fibre", "Boosts immunity"]],
  ["Orange 1 kg", "Fruits", 80, 75, "1 kg", "1f34a", ["Juicy and sweet", "Rich in vitamin C", "Perfect for fresh juice"]],
  ["Banana 1 kg", "Fruits", 50, 45, "1 kg", "1f34c", ["Sweet and ripe", "High in potassium", "A quick energy snack"]],
  ["Mango 1 kg", "Fruits", 150, 140, "1 kg", "1f96d", ["Sweet and flavourful", "The king of fruits", "Rich in vitamin A"]],
  ["Grapes 500g", "Fruits", 70, 65, "500 g", "1f347", ["Fresh and juicy", "Rich in antioxidants", "Seedless and sweet"]],
  ["Amul Milk 1L", "Dairy", 60, 55, "1 L", "1f95b", ["Pure and fresh", "Rich in calcium", "Ideal for tea, coffee and desserts"]],
  ["Paneer 200g", "Dairy", 90, 85, "200 g", "1f9c8", ["Soft and fresh", "Rich in protein", "Ideal for curries and tikka"]],
  ["Eggs 12 pcs", "Dairy", 90, 85, "12 pcs", "1f95a", ["Farm fresh", "Rich in protein", "Ideal for breakfast and baking"]],
  ["Curd 400g", "Dairy", 45, 40, "400 g", "1f963", ["Thick and creamy", "Good for digestion", "Made from fresh milk"]],
  ["Cheese 200g", "Dairy", 140, 130, "200 g", "1f9c0", ["Rich and creamy", "Melts beautifully", "Ideal for pizzas and sandwiches"]],
  ["Coca-Cola 1.5L", "Drinks", 80, 75, "1.5 L", "1f964", ["Refreshing and fizzy", "Best served chilled", "Perfect for parties"]],
  ["Pepsi 1.5L", "Drinks", 78, 73, "1.5 L", "1f9c3", ["Chilled and refreshing", "Perfect for celebrations", "Best served cold"]],
  ["Sprite 1.5L", "Drinks", 79, 74, "1.5 L", "1fad7", ["Clear lemon-lime taste", "Refreshing and fizzy", "Caffeine free"]],
  ["Fanta 1.5L", "Drinks", 77, 72, "1.5 L", "1f379", ["Sweet orange flavour", "Fizzy and fun", "Best served chilled"]],
  ["7 Up 1.5L", "Drinks", 76, 71, "1.5 L", "1f9ca", ["Crisp lemon-lime taste", "Refreshing and bubbly", "Caffeine free"]],
  ["Basmati Rice 5kg", "Grains", 550, 520, "5 kg", "1f35a", ["Long grain and aromatic", "Aged for the best flavour", "Perfect for biryani and pulao"]],
  ["Wheat Flour 5kg", "Grains", 250, 230, "5 kg", "1f33e", ["Whole wheat atta", "Soft rotis every time", "High in fibre"]],
  ["Organic Quinoa 500g", "Grains", 450, 420, "500 g", "1fad8", ["High in protein", "Gluten free", "Cooks in 15 minutes"]],
  ["Brown Rice 1kg", "Grains", 120, 110, "1 kg", "1f359", ["Whole grain and nutritious", "Rich in fibre", "Helps with weight management"]],
  ["Barley 1kg", "Grains", 150, 140, "1 kg", "1f33d", ["Rich in fibre", "Good for digestion", "Great in soups and khichdi"]],
  ["Brown Bread 400g", "Bakery", 40, 35, "400 g", "1f35e", ["Soft and healthy", "Made from whole wheat", "Ideal for breakfast and sandwiches"]],
  ["Butter Croissant 100g", "Bakery", 50, 45, "100 g", "1f950", ["Flaky and buttery", "Freshly baked", "Perfect with coffee"]],
  ["Chocolate Cake 500g", "Bakery", 350, 325, "500 g", "1f370", ["Rich and moist", "Made with real cocoa", "Perfect for celebrations"]],
  ["Whole Wheat Bread 400g", "Bakery", 45, 40, "400 g", "1fad3", ["Healthy and nutritious", "Baked fresh every day", "High in fibre"]],
  ["Vanilla Muffins 6 pcs", "Bakery", 100, 90, "6 pcs", "1f9c1", ["Soft and fluffy", "Real vanilla flavour", "Ideal for breakfast or a snack"]],
  ["Maggi Noodles 280g", "Instant", 55, 50, "280 g", "1f35c", ["Ready in 2 minutes", "Tasty masala flavour", "A favourite of all ages"]],
  ["Top Ramen 270g", "Instant", 45, 40, "270 g", "1f35d", ["Quick and easy", "Spicy and flavourful", "Ready in minutes"]],
  ["Knorr Cup Soup 70g", "Instant", 35, 30, "70 g", "1f372", ["Just add hot water", "Rich tomato flavour", "A warm snack anytime"]],
  ["Yippee Noodles 260g", "Instant", 50, 45, "260 g", "1f961", ["Non-sticky noodles", "Tasty and quick", "Ready in 2 minutes"]],
  ["Oats Noodles 72g", "Instant", 40, 35, "72 g", "1f958", ["Healthy and filling", "Made with oats", "Ready in 2 minutes"]],
];

const PACKED_HERE = "Packed by GreenBasket Retail Pvt. Ltd.\n12 Market Road, Bengaluru, Karnataka 560001";

/** Per category, what most of its products declare; MAKERS and DECLARED name the exceptions. */
const BY_CATEGORY: Record<string, { manufacturer: string; shelfLife: string }> = {
  Vegetables: { manufacturer: PACKED_HERE, shelfLife: "4 days from packing; keep cool" },
  Fruits: { manufacturer: PACKED_HERE, shelfLife: "7 days from packing; keep cool" },
  Dairy: { manufacturer: PACKED_HERE, shelfLife: "7 days from packing; keep refrigerated" },
  Drinks: { manufacturer: "Hindustan Coca-Cola Beverages Pvt. Ltd.\nBengaluru, Karnataka", shelfLife: "6 months from manufacture" },
  Grains: { manufacturer: PACKED_HERE, shelfLife: "9 months from packing" },
  Bakery: { manufacturer: "Baked and packed by GreenBasket Bakery\n12 Market Road, Bengaluru, Karnataka 560001", shelfLife: "4 days from baking" },
  Instant: { manufacturer: "Nestlé India Ltd.\nGurugram, Haryana", shelfLife: "9 months from manufacture" },
};

const DECLARED: Record<string, Partial<{ countryOfOrigin: string; manufacturer: string; shelfLife: string }>> = {
  "Amul Milk 1L": {
    manufacturer: "Gujarat Cooperative Milk Marketing Federation Ltd.\nAnand, Gujarat 388001",
    shelfLife: "2 days from packing; keep refrigerated",
  },
  "Eggs 12 pcs": { shelfLife: "21 days from packing" },
  "Cheese 200g": { manufacturer: "Gujarat Cooperative Milk Marketing Federation Ltd.\nAnand, Gujarat 388001", shelfLife: "6 months; keep refrigerated" },
  "Pepsi 1.5L": { manufacturer: "Varun Beverages Ltd.\nGurugram, Haryana" },
  "7 Up 1.5L": { manufacturer: "Varun Beverages Ltd.\nGurugram, Haryana" },
  "Organic Quinoa 500g": {
    countryOfOrigin: "Peru",
    manufacturer: "Imported and packed by GreenBasket Retail Pvt. Ltd.\n12 Market Road, Bengaluru, Karnataka 560001",
  },
  "Chocolate Cake 500g": { shelfLife: "3 days from baking; keep refrigerated" },
  "Top Ramen 270g": { manufacturer: "Indo Nissin Foods Pvt. Ltd.\nBengaluru, Karnataka" },
  "Knorr Cup Soup 70g": { manufacturer: "Hindustan Unilever Ltd.\nMumbai, Maharashtra" },
  "Yippee Noodles 260g": { manufacturer: "ITC Ltd.\nKolkata, West Bengal" },
  "Oats Noodles 72g": { manufacturer: "Marico Ltd.\nMumbai, Maharashtra" },
};

/** GST (%) and HSN per product, in the slabs since 22 Sep 2025: fresh produce, milk, paneer, eggs and plain bread nil,
 * packaged staples and snacks 5%, sweetened fizzy drinks 40%. */
const TAX: Record<string, [gstPercent: number, hsn: string]> = {
  "Potato 500g": [0, "0701"],
  "Tomato 1 kg": [0, "0702"],
  "Carrot 500g": [0, "0706"],
  "Spinach 500g": [0, "0709"],
  "Onion 500g": [0, "0703"],
  "Apple 1 kg": [0, "0808"],
  "Orange 1 kg": [0, "0805"],
  "Banana 1 kg": [0, "0803"],
  "Mango 1 kg": [0, "0804"],
  "Grapes 500g": [0, "0806"],
  "Amul Milk 1L": [0, "0401"],
  "Paneer 200g": [0, "0406"],
  "Eggs 12 pcs": [0, "0407"],
  "Curd 400g": [5, "0403"],
  "Cheese 200g": [5, "0406"],
  "Coca-Cola 1.5L": [40, "2202"],
  "Pepsi 1.5L": [40, "2202"],
  "Sprite 1.5L": [40, "2202"],
  "Fanta 1.5L": [40, "2202"],
  "7 Up 1.5L": [40, "2202"],
  "Basmati Rice 5kg": [5, "1006"],
  "Wheat Flour 5kg": [5, "1101"],
  "Organic Quinoa 500g": [5, "1008"],
  "Brown Rice 1kg": [5, "1006"],
  "Barley 1kg": [5, "1003"],
  "Brown Bread 400g": [0, "1905"],
  "Butter Croissant 100g": [5, "1905"],
  "Chocolate Cake 500g": [5, "1905"],
  "Whole Wheat Bread 400g": [0, "1905"],
  "Vanilla Muffins 6 pcs": [5, "1905"],
  "Maggi Noodles 280g": [5, "1902"],
  "Top Ramen 270g": [5, "1902"],
  "Knorr Cup Soup 70g": [5, "2104"],
  "Yippee Noodles 260g": [5, "1902"],
  "Oats Noodles 72g": [5, "1902"],
};

export const SEED_PRODUCTS: SeedProduct[] = rows.map(([name, category, mrp, price, weight, emoji, description]) => ({
  id: `seed-${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/(^-|-$)/g, "")}`,
  name,
  category,
  mrp,
  price,
  weight,
  emoji,
  description,
  countryOfOrigin: "India",
  ...BY_CATEGORY[category]!,
  ...DECLARED[name],
  gstRate: TAX[name]![0] * 100,
  hsn: TAX[name]![1],
}));

/** Code points of the pictures of categories and of the home page. */
export const CATEGORY_EMOJI: Record<string, string> = {
  Vegetables: "1f966",
  Fruits: "1f353",
  Drinks: "1f964",
  Instant: "1f35c",
  Dairy: "1f95b",
  Bakery: "1f950",
  Grains: "1f33e",
};

export const SITE_EMOJI: Record<string, string> = {
  heroBasket: "1f9fa",
  heroScooter: "1f6f5",
  heroProduce: "1f957",
  featureDelivery: "1f69a",
  featureFresh: "1f331",
  featurePrice: "1f4b0",
  featureTrust: "1f91d",
};
