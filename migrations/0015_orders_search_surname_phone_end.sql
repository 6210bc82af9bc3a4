ALTER TABLE `orders` ADD `search_surname` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `search_phone_reversed` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `orders_search_surname_idx` ON `orders` (`search_surname`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_search_phone_reversed_idx` ON `orders` (`search_phone_reversed`,`created_at`);--> statement-breakpoint
-- Orders placed before this migration get their keys from their address snapshot, as
-- worker/services/order-search-keys.ts writes them for new orders: the surname in lower case with
-- single spaces, the phone's last ten digits backwards.
UPDATE `orders` SET
  `search_surname` = lower(trim(coalesce(json_extract(`address`, '$.lastName'), ''))),
  `search_phone_reversed` = (
    WITH RECURSIVE digits(i, out) AS (
      SELECT length(`search_phone`), ''
      UNION ALL
      SELECT i - 1, out || substr(`search_phone`, i, 1) FROM digits WHERE i > 0
    )
    SELECT out FROM digits WHERE i = 0
  );
