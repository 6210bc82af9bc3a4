-- Whether a product is on sale (`in_stock`) is derived here, in one place, never written by the
-- code (ADR 019): on sale = not switched off by the seller, and counted stock above zero or not
-- counted. So an order that takes the last unit switches it off, and a cancellation or a restock
-- that gives stock back switches it on again, unless the seller switched it off by hand.
--
-- Products that are off today although they have stock to sell were switched off by the seller.
UPDATE `products` SET `switched_off` = 1 WHERE `in_stock` = 0 AND (`stock` IS NULL OR `stock` > 0);
--> statement-breakpoint
DROP TRIGGER `products_sold_out`;
--> statement-breakpoint
-- A direct write of in_stock is put back to what the rule says.
CREATE TRIGGER `products_availability`
AFTER UPDATE OF `stock`, `switched_off`, `in_stock` ON `products`
WHEN NEW.`in_stock` IS NOT (NEW.`switched_off` = 0 AND (NEW.`stock` IS NULL OR NEW.`stock` > 0))
BEGIN
  UPDATE `products` SET `in_stock` = (NEW.`switched_off` = 0 AND (NEW.`stock` IS NULL OR NEW.`stock` > 0)) WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
-- A product inserted as not on sale while it has stock to sell is switched off by hand (seed and
-- import scripts write in_stock = 0 for that); then the rule applies.
CREATE TRIGGER `products_availability_at_insert`
AFTER INSERT ON `products`
BEGIN
  UPDATE `products` SET `switched_off` = 1
    WHERE `id` = NEW.`id` AND NEW.`in_stock` = 0 AND NEW.`switched_off` = 0 AND (NEW.`stock` IS NULL OR NEW.`stock` > 0);
  UPDATE `products` SET `in_stock` = (`switched_off` = 0 AND (`stock` IS NULL OR `stock` > 0))
    WHERE `id` = NEW.`id` AND `in_stock` IS NOT (`switched_off` = 0 AND (`stock` IS NULL OR `stock` > 0));
END;
