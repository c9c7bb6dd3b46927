-- The back office's order queue (staff-orders.service.ts): indexes of its sorts and filters.
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "orders_total_ttc_idx" ON "orders" USING btree ("total_ttc","id");--> statement-breakpoint
CREATE INDEX "orders_planned_idx" ON "orders" USING btree ("planned_delivery_date","created_at");--> statement-breakpoint
CREATE INDEX "orders_shop_idx" ON "orders" USING btree ("shop_id") WHERE shop_id is not null;--> statement-breakpoint
CREATE INDEX "orders_department_idx" ON "orders" USING btree (left("delivery_address" ->> 'zip_code', 2));--> statement-breakpoint
CREATE INDEX "orders_number_trgm_idx" ON "orders" USING gin (upper("number") gin_trgm_ops);