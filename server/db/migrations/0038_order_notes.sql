-- Internal notes on an order (staff only, never the customer's), and the pickup desk's index of store pickups.
CREATE TABLE "order_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "order_notes_body_ck" CHECK (char_length("order_notes"."body") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_notes_order_idx" ON "order_notes" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "orders_pickup_desk_idx" ON "orders" USING btree ("shop_id","status","delivered_at") WHERE pickup_method = 2;