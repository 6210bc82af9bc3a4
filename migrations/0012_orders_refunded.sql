-- A refund recorded by the seller (ADR 044): when it was made, and the partial index the dashboard sums refunds made from. Expand only.
ALTER TABLE `orders` ADD `refunded_at` integer;--> statement-breakpoint
CREATE INDEX `orders_refunded_idx` ON `orders` (`refunded_at`,`amount_paise`) WHERE "orders"."payment_state" = 'refunded';