-- The Legal Metrology declarations of a product (ADR 071).
ALTER TABLE `products` ADD `country_of_origin` text;--> statement-breakpoint
ALTER TABLE `products` ADD `manufacturer` text;--> statement-breakpoint
ALTER TABLE `products` ADD `shelf_life` text;--> statement-breakpoint
-- The declarations are shown on the product page: changing one moves the catalogue's version (ADR 059).
DROP TRIGGER `catalog_version_product_changed`;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_product_changed` AFTER UPDATE ON `products`
WHEN OLD.`name` IS NOT NEW.`name` OR OLD.`category` IS NOT NEW.`category` OR OLD.`description` IS NOT NEW.`description`
  OR OLD.`price_paise` IS NOT NEW.`price_paise` OR OLD.`offer_price_paise` IS NOT NEW.`offer_price_paise`
  OR OLD.`images` IS NOT NEW.`images` OR OLD.`weight` IS NOT NEW.`weight` OR OLD.`in_stock` IS NOT NEW.`in_stock`
  OR OLD.`country_of_origin` IS NOT NEW.`country_of_origin` OR OLD.`manufacturer` IS NOT NEW.`manufacturer` OR OLD.`shelf_life` IS NOT NEW.`shelf_life`
  OR (OLD.`stock` IS NOT NEW.`stock` AND (OLD.`stock` IS NULL OR NEW.`stock` IS NULL OR min(OLD.`stock`, NEW.`stock`) <= 5))
BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
