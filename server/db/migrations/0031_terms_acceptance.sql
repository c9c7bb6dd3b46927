ALTER TABLE "customers" ADD COLUMN "privacy_version" varchar(20);--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "privacy_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cgv_version" varchar(20);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cgv_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_privacy_ck" CHECK (("customers"."privacy_version" is null) = ("customers"."privacy_accepted_at" is null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cgv_ck" CHECK (("orders"."cgv_version" is null) = ("orders"."cgv_accepted_at" is null));