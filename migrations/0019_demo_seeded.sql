CREATE TABLE `demo_seeded` (
	`product_id` text PRIMARY KEY NOT NULL,
	`seeded_at` integer NOT NULL
);
--> statement-breakpoint
-- The demo products already seeded into this database count as seeded.
INSERT INTO `demo_seeded` (`product_id`, `seeded_at`) SELECT `id`, `created_at` FROM `products` WHERE `id` LIKE 'seed-%';
