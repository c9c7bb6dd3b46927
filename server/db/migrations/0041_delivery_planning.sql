-- Delivery planning (decision 138): the rounds' capacities per zone and per date, what planning keeps of an order at placement (pallets, parcels, appointment, toll), the notice of a date taken back.
CREATE TABLE "delivery_capacities" (
	"zone_code" varchar(12) PRIMARY KEY NOT NULL,
	"pallets" integer NOT NULL,
	"parcels" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_capacities_ck" CHECK ("delivery_capacities"."pallets" >= 0 and "delivery_capacities"."parcels" >= 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_capacity_days" (
	"zone_code" varchar(12) NOT NULL,
	"day" date NOT NULL,
	"pallets" integer NOT NULL,
	"parcels" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_capacity_days_zone_code_day_pk" PRIMARY KEY("zone_code","day"),
	CONSTRAINT "delivery_capacity_days_ck" CHECK ("delivery_capacity_days"."pallets" >= 0 and "delivery_capacity_days"."parcels" >= 0)
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_ck";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cart_pallets" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cart_parcels" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rdv" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "highway_toll_ht" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_capacities" ADD CONSTRAINT "delivery_capacities_zone_code_freight_zones_code_fk" FOREIGN KEY ("zone_code") REFERENCES "public"."freight_zones"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "delivery_capacity_days" ADD CONSTRAINT "delivery_capacity_days_zone_code_freight_zones_code_fk" FOREIGN KEY ("zone_code") REFERENCES "public"."freight_zones"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_planning_ck" CHECK ("orders"."cart_pallets" >= 0 and "orders"."cart_parcels" >= 0 and "orders"."highway_toll_ht" >= 0);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_ck" CHECK ("notifications"."kind" in ('order_planned', 'order_unplanned', 'order_preparing', 'order_ready', 'order_ready_for_pickup', 'order_picked_up', 'order_shipped', 'order_delivered', 'order_cancelled', 'delivery_rescheduled', 'return_status', 'credit_note_issued', 'answer_received'));