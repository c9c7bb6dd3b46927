CREATE TABLE "freight_pallet_rates" (
	"zone_code" varchar(12) NOT NULL,
	"pallets" integer NOT NULL,
	"price_ht" numeric(10, 2) NOT NULL,
	CONSTRAINT "freight_pallet_rates_zone_code_pallets_pk" PRIMARY KEY("zone_code","pallets"),
	CONSTRAINT "freight_pallet_rates_ck" CHECK ("freight_pallet_rates"."pallets" >= 1 and "freight_pallet_rates"."price_ht" >= 0)
);
--> statement-breakpoint
CREATE TABLE "freight_parcel_rates" (
	"max_kg" numeric(8, 3) PRIMARY KEY NOT NULL,
	"price_ht" numeric(10, 2) NOT NULL,
	CONSTRAINT "freight_parcel_rates_ck" CHECK ("freight_parcel_rates"."max_kg" > 0 and "freight_parcel_rates"."price_ht" >= 0)
);
--> statement-breakpoint
CREATE TABLE "freight_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"general_tva" numeric(5, 4) NOT NULL,
	"rdv_ht" numeric(10, 2) NOT NULL,
	"large_parcel_ht" numeric(10, 2) NOT NULL,
	"discount_rate" numeric(5, 4) DEFAULT '0' NOT NULL,
	"volumetric_kg_per_m3" integer NOT NULL,
	CONSTRAINT "freight_settings_one_row_ck" CHECK ("freight_settings"."id" = 1),
	CONSTRAINT "freight_settings_ck" CHECK ("freight_settings"."general_tva" >= 0 and "freight_settings"."general_tva" < 1 and "freight_settings"."rdv_ht" >= 0 and "freight_settings"."large_parcel_ht" >= 0
    and "freight_settings"."discount_rate" >= 0 and "freight_settings"."discount_rate" <= 1 and "freight_settings"."volumetric_kg_per_m3" > 0)
);
--> statement-breakpoint
CREATE TABLE "freight_zone_departments" (
	"department" varchar(2) PRIMARY KEY NOT NULL,
	"zone_code" varchar(12) NOT NULL,
	CONSTRAINT "freight_zone_departments_department_ck" CHECK ("freight_zone_departments"."department" ~ '^[0-9]{2}$')
);
--> statement-breakpoint
CREATE TABLE "freight_zones" (
	"code" varchar(12) PRIMARY KEY NOT NULL,
	"name_fr" text NOT NULL,
	"name_zh" text NOT NULL,
	"toll_per_pallet_ht" numeric(10, 2) DEFAULT '0' NOT NULL,
	"extra_pallet_ht" numeric(10, 2) NOT NULL,
	"carrier_per_100kg_ht" numeric(10, 2) NOT NULL,
	"carrier_min_ht" numeric(10, 2) NOT NULL,
	"parcel_surcharge_ht" numeric(10, 2) DEFAULT '0' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "freight_zones_amounts_ck" CHECK ("freight_zones"."toll_per_pallet_ht" >= 0 and "freight_zones"."extra_pallet_ht" >= 0 and "freight_zones"."carrier_per_100kg_ht" >= 0 and "freight_zones"."carrier_min_ht" >= 0 and "freight_zones"."parcel_surcharge_ht" >= 0)
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "delivery_mode" varchar(10);--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_mode" varchar(10);--> statement-breakpoint
-- Hand-written (keep when regenerating): orders placed before delivery modes get one (pickup, else pallet).
UPDATE "orders" SET "delivery_mode" = CASE WHEN "pickup_method" = 2 THEN 'pickup' ELSE 'pallet' END;--> statement-breakpoint
ALTER TABLE "freight_pallet_rates" ADD CONSTRAINT "freight_pallet_rates_zone_code_freight_zones_code_fk" FOREIGN KEY ("zone_code") REFERENCES "public"."freight_zones"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "freight_zone_departments" ADD CONSTRAINT "freight_zone_departments_zone_code_freight_zones_code_fk" FOREIGN KEY ("zone_code") REFERENCES "public"."freight_zones"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_delivery_mode_ck" CHECK ("carts"."delivery_mode" in ('parcel', 'pallet', 'carrier', 'pickup') and ("carts"."delivery_mode" is null or ("carts"."pickup_method" = 2) = ("carts"."delivery_mode" = 'pickup')));--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_note_ck" CHECK (char_length("carts"."note") <= 500);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_mode_ck" CHECK ("orders"."delivery_mode" in ('parcel', 'pallet', 'carrier', 'pickup') and ("orders"."delivery_mode" is null or ("orders"."pickup_method" = 2) = ("orders"."delivery_mode" = 'pickup')));--> statement-breakpoint
-- Hand-written (keep when regenerating): the tariff is held in every process's read model (decision 071).
CREATE TRIGGER freight_zones_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON freight_zones FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE TRIGGER freight_zone_departments_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON freight_zone_departments FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE TRIGGER freight_pallet_rates_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON freight_pallet_rates FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE TRIGGER freight_parcel_rates_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON freight_parcel_rates FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE TRIGGER freight_settings_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON freight_settings FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
