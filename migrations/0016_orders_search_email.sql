ALTER TABLE `orders` ADD `search_email` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `orders_search_email_idx` ON `orders` (`search_email`,`created_at`);--> statement-breakpoint
-- Orders placed before this migration get their key from their address snapshot, as
-- worker/services/order-search-keys.ts writes it for new orders: the e-mail trimmed, in lower case.
UPDATE `orders` SET `search_email` = lower(trim(coalesce(json_extract(`address`, '$.email'), '')));
