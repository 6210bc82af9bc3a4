-- The catalogue's version: part of the edge cache's key (worker/edge-cache.ts, ADR 059). Only these
-- triggers write it, in the transaction of the change, whoever makes it.
CREATE TABLE `catalog_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	CONSTRAINT "catalog_version_single_row" CHECK("catalog_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO `catalog_version` (`id`, `version`) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER `catalog_version_product_added` AFTER INSERT ON `products`
BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_product_removed` AFTER DELETE ON `products`
BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
-- A field shoppers see, going on or off sale, or a count at or below the 5 a product page names
-- ("Only 3 left", LOW_STOCK_SHOWN in shared/cart.ts). A count that only goes down above it (most
-- orders) leaves the cached pages as they are. tests/worker/catalog-version.test.ts checks that every
-- column of `products` is either named here or known not to be shown.
CREATE TRIGGER `catalog_version_product_changed` AFTER UPDATE ON `products`
WHEN OLD.`name` IS NOT NEW.`name` OR OLD.`category` IS NOT NEW.`category` OR OLD.`description` IS NOT NEW.`description`
  OR OLD.`price_paise` IS NOT NEW.`price_paise` OR OLD.`offer_price_paise` IS NOT NEW.`offer_price_paise`
  OR OLD.`images` IS NOT NEW.`images` OR OLD.`weight` IS NOT NEW.`weight` OR OLD.`in_stock` IS NOT NEW.`in_stock`
  OR (OLD.`stock` IS NOT NEW.`stock` AND (OLD.`stock` IS NULL OR NEW.`stock` IS NULL OR min(OLD.`stock`, NEW.`stock`) <= 5))
BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_settings_added` AFTER INSERT ON `store_settings`
BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_settings_changed` AFTER UPDATE ON `store_settings`
BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_search_word_added` AFTER INSERT ON `search_synonyms`
BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_search_word_changed` AFTER UPDATE ON `search_synonyms`
BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_search_word_removed` AFTER DELETE ON `search_synonyms`
BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
