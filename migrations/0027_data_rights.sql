-- Data rights (ADR 074): consent as asked (its words, its withdrawal), the last activity of an account, the retention period.
ALTER TABLE `newsletter_subscribers` ADD `wording` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `withdrawn_at` integer;--> statement-breakpoint
ALTER TABLE `store_settings` ADD `retention_years` integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `last_active_at` integer;--> statement-breakpoint
CREATE INDEX `users_last_active_idx` ON `users` (`last_active_at`);--> statement-breakpoint
-- An account's last activity so far: its last order, else its sign-up.
UPDATE `users` SET `last_active_at` = max(`created_at`, coalesce((SELECT max(`created_at`) FROM `orders` WHERE `orders`.`user_id` = `users`.`id`), 0));