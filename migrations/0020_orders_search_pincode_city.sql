ALTER TABLE `orders` ADD `search_pincode` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `search_city` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `orders_search_pincode_idx` ON `orders` (`search_pincode`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_search_city_idx` ON `orders` (`search_city`,`created_at`);--> statement-breakpoint
-- Orders placed before this migration get their keys from their address snapshot, as
-- worker/services/order-search-keys.ts writes them for new orders: the PIN code without spaces,
-- the city in lower case with single spaces (squeezed until no two spaces are left).
UPDATE `orders` SET
  `search_pincode` = replace(trim(coalesce(json_extract(`address`, '$.zipCode'), '')), ' ', ''),
  `search_city` = (
    WITH RECURSIVE squeezed(city) AS (
      SELECT lower(trim(replace(replace(replace(coalesce(json_extract(`address`, '$.city'), ''), char(9), ' '), char(10), ' '), char(13), ' ')))
      UNION ALL
      SELECT replace(city, '  ', ' ') FROM squeezed WHERE instr(city, '  ') > 0
    )
    SELECT city FROM squeezed WHERE instr(city, '  ') = 0
  );
