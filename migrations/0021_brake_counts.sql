CREATE TABLE `brake_counts` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `brake_counts_window_idx` ON `brake_counts` (`window_start`);