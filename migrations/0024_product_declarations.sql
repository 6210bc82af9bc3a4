-- The Legal Metrology declarations of a product (ADR 071).
ALTER TABLE `products` ADD `country_of_origin` text;--> statement-breakpoint
ALTER TABLE `products` ADD `manufacturer` text;--> statement-breakpoint
ALTER TABLE `products` ADD `shelf_life` text;