-- The order queue's "not paid" filter.
CREATE INDEX "orders_not_paid_idx" ON "orders" USING btree ("created_at","id") WHERE paid_at is null;