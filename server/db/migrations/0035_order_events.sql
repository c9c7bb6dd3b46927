-- The order life's records (decision 135): the packing, carrier and pickup facts on the order, every status change
-- in order_events, and the notices of the new states.
CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"staff_id" integer,
	"event" varchar(30) NOT NULL,
	"from_status" varchar(20) NOT NULL,
	"to_status" varchar(20) NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "order_events_from_ck" CHECK ("order_events"."from_status" in ('unpaid', 'processing', 'planned', 'preparing', 'ready', 'ready_for_pickup', 'shipped', 'picked_up', 'delivered', 'cancelled')),
	CONSTRAINT "order_events_to_ck" CHECK ("order_events"."to_status" in ('unpaid', 'processing', 'planned', 'preparing', 'ready', 'ready_for_pickup', 'shipped', 'picked_up', 'delivered', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_ck";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "parcels" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pallets" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "weight_kg" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" varchar(40);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" varchar(60);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "picked_up_by" varchar(80);--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_ck" CHECK ("notifications"."kind" in ('order_planned', 'order_preparing', 'order_ready', 'order_ready_for_pickup', 'order_picked_up', 'order_shipped', 'order_delivered', 'delivery_rescheduled', 'return_status', 'credit_note_issued', 'answer_received'));