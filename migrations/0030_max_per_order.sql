-- The most of a product one order may hold (issue 39); shown on its cards, so a change moves the catalogue's version (ADR 059).
ALTER TABLE `products` ADD `max_per_order` integer;--> statement-breakpoint
DROP TRIGGER `catalog_version_product_changed`;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_product_changed` AFTER UPDATE ON `products`
WHEN OLD.`name` IS NOT NEW.`name` OR OLD.`category` IS NOT NEW.`category` OR OLD.`description` IS NOT NEW.`description`
  OR OLD.`price_paise` IS NOT NEW.`price_paise` OR OLD.`offer_price_paise` IS NOT NEW.`offer_price_paise`
  OR OLD.`images` IS NOT NEW.`images` OR OLD.`weight` IS NOT NEW.`weight` OR OLD.`in_stock` IS NOT NEW.`in_stock`
  OR OLD.`country_of_origin` IS NOT NEW.`country_of_origin` OR OLD.`manufacturer` IS NOT NEW.`manufacturer` OR OLD.`shelf_life` IS NOT NEW.`shelf_life`
  OR OLD.`gst_rate` IS NOT NEW.`gst_rate` OR OLD.`hsn` IS NOT NEW.`hsn` OR OLD.`max_per_order` IS NOT NEW.`max_per_order`
  OR (OLD.`stock` IS NOT NEW.`stock` AND (OLD.`stock` IS NULL OR NEW.`stock` IS NULL OR min(OLD.`stock`, NEW.`stock`) <= 5))
BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
