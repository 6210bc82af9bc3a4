-- The database itself refuses to sell what is not in stock, so an order written in one D1 batch
-- can never include a product that was switched off (or sold out) a moment before: the trigger
-- aborts the statement and D1 rolls the whole batch back.
CREATE TRIGGER `order_items_require_in_stock`
BEFORE INSERT ON `order_items`
WHEN (SELECT `in_stock` FROM `products` WHERE `id` = NEW.`product_id`) IS NOT 1
BEGIN
  SELECT RAISE(ABORT, 'out_of_stock');
END;
--> statement-breakpoint
-- Counted stock that reaches zero switches the product off for shoppers.
CREATE TRIGGER `products_sold_out`
AFTER UPDATE OF `stock` ON `products`
WHEN NEW.`stock` = 0 AND NEW.`in_stock` = 1
BEGIN
  UPDATE `products` SET `in_stock` = 0 WHERE `id` = NEW.`id`;
END;
