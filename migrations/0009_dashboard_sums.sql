-- The seller dashboard (ADR 036): per-day sums kept by triggers, and the indexes of its reads.
CREATE TABLE `product_sales_days` (
	`day` integer NOT NULL,
	`product_id` text NOT NULL,
	`units` integer DEFAULT 0 NOT NULL,
	`sales_paise` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `product_id`)
);
--> statement-breakpoint
CREATE INDEX `product_sales_days_covering_idx` ON `product_sales_days` (`day`,`product_id`,`units`,`sales_paise`);--> statement-breakpoint
CREATE TABLE `sales_days` (
	`day` integer PRIMARY KEY NOT NULL,
	`orders` integer DEFAULT 0 NOT NULL,
	`sales_paise` integer DEFAULT 0 NOT NULL,
	`paid_paise` integer DEFAULT 0 NOT NULL,
	`cod_due_orders` integer DEFAULT 0 NOT NULL,
	`cod_due_paise` integer DEFAULT 0 NOT NULL,
	`refund_due_orders` integer DEFAULT 0 NOT NULL,
	`refund_due_paise` integer DEFAULT 0 NOT NULL,
	`cancelled_orders` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `orders_waiting_idx` ON `orders` (`status`,`payment_type`,`is_paid`);--> statement-breakpoint
CREATE INDEX `orders_refund_due_idx` ON `orders` (`amount_paise`) WHERE "orders"."payment_state" = 'refund_due';--> statement-breakpoint
CREATE INDEX `products_stock_idx` ON `products` (`stock`,`updated_at`) WHERE "products"."stock" IS NOT NULL;
--> statement-breakpoint
-- The orders placed before this migration, summed once.
INSERT INTO `sales_days` (`day`, `orders`, `sales_paise`, `paid_paise`, `cod_due_orders`, `cod_due_paise`, `refund_due_orders`, `refund_due_paise`, `cancelled_orders`)
SELECT
  (`created_at` + 19800000) / 86400000 AS `d`,
  sum((`payment_type` = 'COD' OR `is_paid` = 1) AND `status` <> 'Cancelled'),
  sum(((`payment_type` = 'COD' OR `is_paid` = 1) AND `status` <> 'Cancelled') * `amount_paise`),
  sum((`payment_state` = 'paid') * `amount_paise`),
  sum(`payment_type` = 'COD' AND `is_paid` = 0 AND `status` <> 'Cancelled'),
  sum((`payment_type` = 'COD' AND `is_paid` = 0 AND `status` <> 'Cancelled') * `amount_paise`),
  sum(`payment_state` = 'refund_due'),
  sum((`payment_state` = 'refund_due') * `amount_paise`),
  sum((`payment_type` = 'COD' OR `is_paid` = 1) AND `status` = 'Cancelled')
FROM `orders` WHERE true GROUP BY `d`;
--> statement-breakpoint
INSERT INTO `product_sales_days` (`day`, `product_id`, `units`, `sales_paise`)
SELECT (o.`created_at` + 19800000) / 86400000 AS `d`, i.`product_id`, sum(i.`quantity`), sum(i.`quantity` * i.`unit_price_paise`)
FROM `order_items` i JOIN `orders` o ON o.`id` = i.`order_id`
WHERE (o.`payment_type` = 'COD' OR o.`is_paid` = 1) AND o.`status` <> 'Cancelled'
GROUP BY `d`, i.`product_id`;
--> statement-breakpoint
-- The dashboard's sums per IST day (ADR 036), kept here, in one place, never written by the code.
-- An order's share of its day: (created_at + 5.5 h) / 24 h is its IST day; "live" orders are the
-- seller's to fulfil (cash on delivery, or paid online) and not cancelled. Every change of an
-- order takes its old share away and adds its new one, so the sums always equal what a scan of
-- the orders would give (tests/worker/dashboard.test.ts checks it).
CREATE TRIGGER `orders_sales_insert` AFTER INSERT ON `orders` BEGIN
  INSERT INTO `sales_days` (`day`, `orders`, `sales_paise`, `paid_paise`, `cod_due_orders`, `cod_due_paise`, `refund_due_orders`, `refund_due_paise`, `cancelled_orders`)
  VALUES (
    (NEW.`created_at` + 19800000) / 86400000,
    ((NEW.`payment_type` = 'COD' OR NEW.`is_paid` = 1) AND NEW.`status` <> 'Cancelled'),
    ((NEW.`payment_type` = 'COD' OR NEW.`is_paid` = 1) AND NEW.`status` <> 'Cancelled') * NEW.`amount_paise`,
    (NEW.`payment_state` = 'paid') * NEW.`amount_paise`,
    (NEW.`payment_type` = 'COD' AND NEW.`is_paid` = 0 AND NEW.`status` <> 'Cancelled'),
    (NEW.`payment_type` = 'COD' AND NEW.`is_paid` = 0 AND NEW.`status` <> 'Cancelled') * NEW.`amount_paise`,
    (NEW.`payment_state` = 'refund_due'),
    (NEW.`payment_state` = 'refund_due') * NEW.`amount_paise`,
    ((NEW.`payment_type` = 'COD' OR NEW.`is_paid` = 1) AND NEW.`status` = 'Cancelled')
  )
  ON CONFLICT (`day`) DO UPDATE SET
    `orders` = `orders` + excluded.`orders`,
    `sales_paise` = `sales_paise` + excluded.`sales_paise`,
    `paid_paise` = `paid_paise` + excluded.`paid_paise`,
    `cod_due_orders` = `cod_due_orders` + excluded.`cod_due_orders`,
    `cod_due_paise` = `cod_due_paise` + excluded.`cod_due_paise`,
    `refund_due_orders` = `refund_due_orders` + excluded.`refund_due_orders`,
    `refund_due_paise` = `refund_due_paise` + excluded.`refund_due_paise`,
    `cancelled_orders` = `cancelled_orders` + excluded.`cancelled_orders`;
END;
--> statement-breakpoint
CREATE TRIGGER `orders_sales_delete` AFTER DELETE ON `orders` BEGIN
  INSERT INTO `sales_days` (`day`, `orders`, `sales_paise`, `paid_paise`, `cod_due_orders`, `cod_due_paise`, `refund_due_orders`, `refund_due_paise`, `cancelled_orders`)
  VALUES (
    (OLD.`created_at` + 19800000) / 86400000,
    -((OLD.`payment_type` = 'COD' OR OLD.`is_paid` = 1) AND OLD.`status` <> 'Cancelled'),
    -((OLD.`payment_type` = 'COD' OR OLD.`is_paid` = 1) AND OLD.`status` <> 'Cancelled') * OLD.`amount_paise`,
    -(OLD.`payment_state` = 'paid') * OLD.`amount_paise`,
    -(OLD.`payment_type` = 'COD' AND OLD.`is_paid` = 0 AND OLD.`status` <> 'Cancelled'),
    -(OLD.`payment_type` = 'COD' AND OLD.`is_paid` = 0 AND OLD.`status` <> 'Cancelled') * OLD.`amount_paise`,
    -(OLD.`payment_state` = 'refund_due'),
    -(OLD.`payment_state` = 'refund_due') * OLD.`amount_paise`,
    -((OLD.`payment_type` = 'COD' OR OLD.`is_paid` = 1) AND OLD.`status` = 'Cancelled')
  )
  ON CONFLICT (`day`) DO UPDATE SET
    `orders` = `orders` + excluded.`orders`,
    `sales_paise` = `sales_paise` + excluded.`sales_paise`,
    `paid_paise` = `paid_paise` + excluded.`paid_paise`,
    `cod_due_orders` = `cod_due_orders` + excluded.`cod_due_orders`,
    `cod_due_paise` = `cod_due_paise` + excluded.`cod_due_paise`,
    `refund_due_orders` = `refund_due_orders` + excluded.`refund_due_orders`,
    `refund_due_paise` = `refund_due_paise` + excluded.`refund_due_paise`,
    `cancelled_orders` = `cancelled_orders` + excluded.`cancelled_orders`;
END;
--> statement-breakpoint
CREATE TRIGGER `orders_sales_update` AFTER UPDATE OF `status`, `payment_type`, `is_paid`, `payment_state`, `amount_paise`, `created_at` ON `orders` BEGIN
  INSERT INTO `sales_days` (`day`, `orders`, `sales_paise`, `paid_paise`, `cod_due_orders`, `cod_due_paise`, `refund_due_orders`, `refund_due_paise`, `cancelled_orders`)
  VALUES (
    (OLD.`created_at` + 19800000) / 86400000,
    -((OLD.`payment_type` = 'COD' OR OLD.`is_paid` = 1) AND OLD.`status` <> 'Cancelled'),
    -((OLD.`payment_type` = 'COD' OR OLD.`is_paid` = 1) AND OLD.`status` <> 'Cancelled') * OLD.`amount_paise`,
    -(OLD.`payment_state` = 'paid') * OLD.`amount_paise`,
    -(OLD.`payment_type` = 'COD' AND OLD.`is_paid` = 0 AND OLD.`status` <> 'Cancelled'),
    -(OLD.`payment_type` = 'COD' AND OLD.`is_paid` = 0 AND OLD.`status` <> 'Cancelled') * OLD.`amount_paise`,
    -(OLD.`payment_state` = 'refund_due'),
    -(OLD.`payment_state` = 'refund_due') * OLD.`amount_paise`,
    -((OLD.`payment_type` = 'COD' OR OLD.`is_paid` = 1) AND OLD.`status` = 'Cancelled')
  )
  ON CONFLICT (`day`) DO UPDATE SET
    `orders` = `orders` + excluded.`orders`,
    `sales_paise` = `sales_paise` + excluded.`sales_paise`,
    `paid_paise` = `paid_paise` + excluded.`paid_paise`,
    `cod_due_orders` = `cod_due_orders` + excluded.`cod_due_orders`,
    `cod_due_paise` = `cod_due_paise` + excluded.`cod_due_paise`,
    `refund_due_orders` = `refund_due_orders` + excluded.`refund_due_orders`,
    `refund_due_paise` = `refund_due_paise` + excluded.`refund_due_paise`,
    `cancelled_orders` = `cancelled_orders` + excluded.`cancelled_orders`;
  INSERT INTO `sales_days` (`day`, `orders`, `sales_paise`, `paid_paise`, `cod_due_orders`, `cod_due_paise`, `refund_due_orders`, `refund_due_paise`, `cancelled_orders`)
  VALUES (
    (NEW.`created_at` + 19800000) / 86400000,
    ((NEW.`payment_type` = 'COD' OR NEW.`is_paid` = 1) AND NEW.`status` <> 'Cancelled'),
    ((NEW.`payment_type` = 'COD' OR NEW.`is_paid` = 1) AND NEW.`status` <> 'Cancelled') * NEW.`amount_paise`,
    (NEW.`payment_state` = 'paid') * NEW.`amount_paise`,
    (NEW.`payment_type` = 'COD' AND NEW.`is_paid` = 0 AND NEW.`status` <> 'Cancelled'),
    (NEW.`payment_type` = 'COD' AND NEW.`is_paid` = 0 AND NEW.`status` <> 'Cancelled') * NEW.`amount_paise`,
    (NEW.`payment_state` = 'refund_due'),
    (NEW.`payment_state` = 'refund_due') * NEW.`amount_paise`,
    ((NEW.`payment_type` = 'COD' OR NEW.`is_paid` = 1) AND NEW.`status` = 'Cancelled')
  )
  ON CONFLICT (`day`) DO UPDATE SET
    `orders` = `orders` + excluded.`orders`,
    `sales_paise` = `sales_paise` + excluded.`sales_paise`,
    `paid_paise` = `paid_paise` + excluded.`paid_paise`,
    `cod_due_orders` = `cod_due_orders` + excluded.`cod_due_orders`,
    `cod_due_paise` = `cod_due_paise` + excluded.`cod_due_paise`,
    `refund_due_orders` = `refund_due_orders` + excluded.`refund_due_orders`,
    `refund_due_paise` = `refund_due_paise` + excluded.`refund_due_paise`,
    `cancelled_orders` = `cancelled_orders` + excluded.`cancelled_orders`;
END;
--> statement-breakpoint
-- Units and takings per product and IST day, from live orders only: an item counts when it is
-- written for a live order, and all of an order's items move when the order becomes live (paid
-- online) or stops being live (cancelled).
CREATE TRIGGER `order_items_sales_insert` AFTER INSERT ON `order_items` BEGIN
  INSERT INTO `product_sales_days` (`day`, `product_id`, `units`, `sales_paise`)
  SELECT (o.`created_at` + 19800000) / 86400000, NEW.`product_id`, NEW.`quantity`, NEW.`quantity` * NEW.`unit_price_paise`
  FROM `orders` o
  WHERE o.`id` = NEW.`order_id` AND (o.`payment_type` = 'COD' OR o.`is_paid` = 1) AND o.`status` <> 'Cancelled'
  ON CONFLICT (`day`, `product_id`) DO UPDATE SET `units` = `units` + excluded.`units`, `sales_paise` = `sales_paise` + excluded.`sales_paise`;
END;
--> statement-breakpoint
CREATE TRIGGER `order_items_sales_delete` AFTER DELETE ON `order_items` BEGIN
  INSERT INTO `product_sales_days` (`day`, `product_id`, `units`, `sales_paise`)
  SELECT (o.`created_at` + 19800000) / 86400000, OLD.`product_id`, -OLD.`quantity`, -OLD.`quantity` * OLD.`unit_price_paise`
  FROM `orders` o
  WHERE o.`id` = OLD.`order_id` AND (o.`payment_type` = 'COD' OR o.`is_paid` = 1) AND o.`status` <> 'Cancelled'
  ON CONFLICT (`day`, `product_id`) DO UPDATE SET `units` = `units` + excluded.`units`, `sales_paise` = `sales_paise` + excluded.`sales_paise`;
END;
--> statement-breakpoint
CREATE TRIGGER `orders_product_sales_update` AFTER UPDATE OF `status`, `payment_type`, `is_paid`, `created_at` ON `orders`
WHEN ((OLD.`payment_type` = 'COD' OR OLD.`is_paid` = 1) AND OLD.`status` <> 'Cancelled') IS NOT ((NEW.`payment_type` = 'COD' OR NEW.`is_paid` = 1) AND NEW.`status` <> 'Cancelled') OR OLD.`created_at` IS NOT NEW.`created_at`
BEGIN
  INSERT INTO `product_sales_days` (`day`, `product_id`, `units`, `sales_paise`)
  SELECT (OLD.`created_at` + 19800000) / 86400000, i.`product_id`, -((OLD.`payment_type` = 'COD' OR OLD.`is_paid` = 1) AND OLD.`status` <> 'Cancelled') * i.`quantity`, -((OLD.`payment_type` = 'COD' OR OLD.`is_paid` = 1) AND OLD.`status` <> 'Cancelled') * i.`quantity` * i.`unit_price_paise`
  FROM `order_items` i
  WHERE i.`order_id` = OLD.`id`
  ON CONFLICT (`day`, `product_id`) DO UPDATE SET `units` = `units` + excluded.`units`, `sales_paise` = `sales_paise` + excluded.`sales_paise`;
  INSERT INTO `product_sales_days` (`day`, `product_id`, `units`, `sales_paise`)
  SELECT (NEW.`created_at` + 19800000) / 86400000, i.`product_id`, ((NEW.`payment_type` = 'COD' OR NEW.`is_paid` = 1) AND NEW.`status` <> 'Cancelled') * i.`quantity`, ((NEW.`payment_type` = 'COD' OR NEW.`is_paid` = 1) AND NEW.`status` <> 'Cancelled') * i.`quantity` * i.`unit_price_paise`
  FROM `order_items` i
  WHERE i.`order_id` = NEW.`id`
  ON CONFLICT (`day`, `product_id`) DO UPDATE SET `units` = `units` + excluded.`units`, `sales_paise` = `sales_paise` + excluded.`sales_paise`;
END;
