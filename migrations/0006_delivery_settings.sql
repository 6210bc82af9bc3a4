CREATE TABLE `store_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`state` text NOT NULL,
	`express_pincodes` text DEFAULT '[]' NOT NULL,
	`standard_min_days` integer NOT NULL,
	`standard_max_days` integer NOT NULL,
	`tax_basis_points` integer NOT NULL,
	`contact` text NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "store_settings_single_row" CHECK("store_settings"."id" = 1),
	CONSTRAINT "store_settings_window" CHECK("store_settings"."standard_min_days" >= 1 AND "store_settings"."standard_max_days" >= "store_settings"."standard_min_days"),
	CONSTRAINT "store_settings_tax_range" CHECK("store_settings"."tax_basis_points" >= 0 AND "store_settings"."tax_basis_points" <= 5000)
);
--> statement-breakpoint
ALTER TABLE `addresses` ADD `is_default` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `addresses_one_default_per_user` ON `addresses` (`user_id`) WHERE "addresses"."is_default" = 1;--> statement-breakpoint
ALTER TABLE `orders` ADD `tax_basis_points` integer DEFAULT 200 NOT NULL;