-- Store hours (ADR 076): opening hours per weekday, holidays and a pause switch; the contact's free-text hours are no longer read.
ALTER TABLE `store_settings` ADD `opening_hours` text DEFAULT '[[420,1380],[420,1380],[420,1380],[420,1380],[420,1380],[420,1380],[420,1380]]' NOT NULL;--> statement-breakpoint
ALTER TABLE `store_settings` ADD `holidays` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `store_settings` ADD `paused` integer DEFAULT false NOT NULL;