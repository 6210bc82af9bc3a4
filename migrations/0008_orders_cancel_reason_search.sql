ALTER TABLE `orders` ADD `cancel_reason` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `cancel_note` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `cancelled_by` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `search_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `search_phone` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `orders_search_name_idx` ON `orders` (`search_name`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_search_phone_idx` ON `orders` (`search_phone`,`created_at`);--> statement-breakpoint
-- Back-fill the search keys of orders placed before this migration (worker/services/order-search-keys.ts
-- writes them for new orders): the delivery name in lower case, the phone's last ten digits.
UPDATE `orders` SET
  `search_name` = lower(trim(coalesce(json_extract(`address`, '$.firstName'), '') || ' ' || coalesce(json_extract(`address`, '$.lastName'), ''))),
  `search_phone` = substr(replace(replace(replace(replace(replace(coalesce(json_extract(`address`, '$.phone'), ''), ' ', ''), '+', ''), '-', ''), '(', ''), ')', ''), -10)
WHERE `search_name` = '';
