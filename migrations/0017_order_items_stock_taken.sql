ALTER TABLE `order_items` ADD `stock_taken` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Orders placed before this column: what they took is not known. The best guess is that a product
-- counted now was counted then (the old rule gave back every line's quantity).
UPDATE `order_items` SET `stock_taken` = `quantity` WHERE `product_id` IN (SELECT `id` FROM `products` WHERE `stock` IS NOT NULL);
