-- The store's optional fees (ADR 070) and what each order charged of them.
ALTER TABLE `orders` ADD `delivery_fee_paise` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `small_cart_fee_paise` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `store_settings` ADD `fees` text DEFAULT '{}' NOT NULL;