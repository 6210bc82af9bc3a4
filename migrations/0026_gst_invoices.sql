-- GST inside prices (per-product rate and HSN, the store's list of rates), the invoice series per financial year (ADR 073).
CREATE TABLE `invoice_series` (
	`id` text PRIMARY KEY NOT NULL,
	`last` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `order_items` ADD `gst_rate` integer;--> statement-breakpoint
ALTER TABLE `order_items` ADD `hsn` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `invoice_no` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `invoiced_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_invoice_no_unique` ON `orders` (`invoice_no`);--> statement-breakpoint
ALTER TABLE `products` ADD `gst_rate` integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `hsn` text;--> statement-breakpoint
ALTER TABLE `store_settings` ADD `gst_rates` text DEFAULT '[0,500,1800,4000]' NOT NULL;--> statement-breakpoint
-- The product's JSON carries its GST rate and HSN code: changing one moves the catalogue's version (ADR 059).
DROP TRIGGER `catalog_version_product_changed`;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_product_changed` AFTER UPDATE ON `products`
WHEN OLD.`name` IS NOT NEW.`name` OR OLD.`category` IS NOT NEW.`category` OR OLD.`description` IS NOT NEW.`description`
  OR OLD.`price_paise` IS NOT NEW.`price_paise` OR OLD.`offer_price_paise` IS NOT NEW.`offer_price_paise`
  OR OLD.`images` IS NOT NEW.`images` OR OLD.`weight` IS NOT NEW.`weight` OR OLD.`in_stock` IS NOT NEW.`in_stock`
  OR OLD.`country_of_origin` IS NOT NEW.`country_of_origin` OR OLD.`manufacturer` IS NOT NEW.`manufacturer` OR OLD.`shelf_life` IS NOT NEW.`shelf_life`
  OR OLD.`gst_rate` IS NOT NEW.`gst_rate` OR OLD.`hsn` IS NOT NEW.`hsn`
  OR (OLD.`stock` IS NOT NEW.`stock` AND (OLD.`stock` IS NULL OR NEW.`stock` IS NULL OR min(OLD.`stock`, NEW.`stock`) <= 5))
BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
