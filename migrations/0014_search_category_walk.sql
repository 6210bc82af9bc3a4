-- Search that finds (ADR 030): a search naming a category ("fruits", "sabzi") lists the category in
-- rowid order from its cursor; this index holds the rowid after the category, so a page walks a page.
CREATE INDEX `products_category_rowid_idx` ON `products` (`category`);