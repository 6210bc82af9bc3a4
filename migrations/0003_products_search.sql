-- Name search that scales: an FTS5 index with the trigram tokenizer, so any 3+ character piece
-- of a name (its start included) is found case-insensitively through the index, not a table scan.
-- External-content table: the text lives in `products`; triggers keep the index in step.
CREATE VIRTUAL TABLE `products_fts` USING fts5(`name`, content='products', content_rowid='rowid', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `products_fts`(`products_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `products_fts_insert` AFTER INSERT ON `products` BEGIN
  INSERT INTO `products_fts`(`rowid`, `name`) VALUES (NEW.`rowid`, NEW.`name`);
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_delete` AFTER DELETE ON `products` BEGIN
  INSERT INTO `products_fts`(`products_fts`, `rowid`, `name`) VALUES ('delete', OLD.`rowid`, OLD.`name`);
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_update` AFTER UPDATE OF `name` ON `products` BEGIN
  INSERT INTO `products_fts`(`products_fts`, `rowid`, `name`) VALUES ('delete', OLD.`rowid`, OLD.`name`);
  INSERT INTO `products_fts`(`rowid`, `name`) VALUES (NEW.`rowid`, NEW.`name`);
END;
