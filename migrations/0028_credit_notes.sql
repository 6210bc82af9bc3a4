-- Credit notes (ADR 075): Rule 53's own series for refunds after the invoice and cancellations of invoiced orders.
CREATE TABLE `credit_notes` (
	`number` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`refund_id` text,
	`amount_paise` integer NOT NULL,
	`reason` text NOT NULL,
	`issued_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`refund_id`) REFERENCES `refunds`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "credit_notes_amount_positive" CHECK("credit_notes"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE INDEX `credit_notes_order_idx` ON `credit_notes` (`order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `credit_notes_refund_idx` ON `credit_notes` (`refund_id`);--> statement-breakpoint
CREATE INDEX `credit_notes_issued_idx` ON `credit_notes` (`issued_at`);