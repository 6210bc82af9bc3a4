-- Search that finds (ADR 030): the synonym table the shop's search reads, with the store's own
-- words, and indexes for the shop's sorts by price and by discount (basis points off the MRP).
CREATE TABLE `search_synonyms` (
	`term` text PRIMARY KEY NOT NULL,
	`meaning` text NOT NULL,
	`category` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `products_price_idx` ON `products` (`in_stock`,`offer_price_paise`);--> statement-breakpoint
CREATE INDEX `products_category_price_idx` ON `products` (`category`,`in_stock`,`offer_price_paise`);--> statement-breakpoint
CREATE INDEX `products_discount_idx` ON `products` (`in_stock`,((price_paise - offer_price_paise) * 10000 / price_paise));--> statement-breakpoint
CREATE INDEX `products_category_discount_idx` ON `products` (`category`,`in_stock`,((price_paise - offer_price_paise) * 10000 / price_paise));
--> statement-breakpoint
-- The store's own search words (created_at 0): what Indian shoppers type for the demo catalogue's
-- products and aisles. The seller extends and prunes them at /seller/search-words.
INSERT OR IGNORE INTO `search_synonyms` (`term`, `meaning`, `category`, `created_at`) VALUES
  ('aloo', 'potato', NULL, 0),
  ('alu', 'potato', NULL, 0),
  ('batata', 'potato', NULL, 0),
  ('tamatar', 'tomato', NULL, 0),
  ('tamater', 'tomato', NULL, 0),
  ('gajar', 'carrot', NULL, 0),
  ('palak', 'spinach', NULL, 0),
  ('pyaz', 'onion', NULL, 0),
  ('pyaaz', 'onion', NULL, 0),
  ('pyaj', 'onion', NULL, 0),
  ('kanda', 'onion', NULL, 0),
  ('sabzi', 'vegetables', 'Vegetables', 0),
  ('sabji', 'vegetables', 'Vegetables', 0),
  ('seb', 'apple', NULL, 0),
  ('santra', 'orange', NULL, 0),
  ('santara', 'orange', NULL, 0),
  ('narangi', 'orange', NULL, 0),
  ('kela', 'banana', NULL, 0),
  ('aam', 'mango', NULL, 0),
  ('angoor', 'grape', NULL, 0),
  ('angur', 'grape', NULL, 0),
  ('phal', 'fruits', 'Fruits', 0),
  ('doodh', 'milk', NULL, 0),
  ('dudh', 'milk', NULL, 0),
  ('dahi', 'curd', NULL, 0),
  ('yogurt', 'curd', NULL, 0),
  ('yoghurt', 'curd', NULL, 0),
  ('anda', 'egg', NULL, 0),
  ('ande', 'egg', NULL, 0),
  ('cottage cheese', 'paneer', NULL, 0),
  ('makhan', 'butter', NULL, 0),
  ('coke', 'coca-cola', NULL, 0),
  ('7up', '7 up', NULL, 0),
  ('seven up', '7 up', NULL, 0),
  ('soda', 'drinks', 'Drinks', 0),
  ('soft drink', 'drinks', 'Drinks', 0),
  ('cold drink', 'drinks', 'Drinks', 0),
  ('cool drink', 'drinks', 'Drinks', 0),
  ('thanda', 'drinks', 'Drinks', 0),
  ('chawal', 'rice', NULL, 0),
  ('chaawal', 'rice', NULL, 0),
  ('atta', 'wheat flour', NULL, 0),
  ('aata', 'wheat flour', NULL, 0),
  ('gehun', 'wheat', NULL, 0),
  ('gehu', 'wheat', NULL, 0),
  ('jau', 'barley', NULL, 0),
  ('double roti', 'bread', NULL, 0),
  ('pav', 'bread', NULL, 0),
  ('pao', 'bread', NULL, 0),
  ('chowmein', 'noodles', NULL, 0),
  ('namkeen', 'instant', 'Instant', 0),
  ('chips', 'instant', 'Instant', 0),
  ('snacks', 'instant', 'Instant', 0);
