-- A refund recorded by the seller (ADR 044): when it was made; the partial indexes of the refunds still to make (the orders filter, newest first) and of refunds made (the dashboard, by when). Expand only.
ALTER TABLE `orders` ADD `refunded_at` integer;--> statement-breakpoint
CREATE INDEX `orders_refund_due_created_idx` ON `orders` (`created_at`) WHERE "orders"."payment_state" = 'refund_due';--> statement-breakpoint
CREATE INDEX `orders_refunded_idx` ON `orders` (`refunded_at`,`amount_paise`) WHERE "orders"."payment_state" = 'refunded';