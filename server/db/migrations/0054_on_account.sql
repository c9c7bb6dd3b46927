ALTER TABLE "customers" ADD COLUMN "on_account" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "on_account_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "on_account_limit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "due_on" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "invoices_unsettled_idx" ON "invoices" USING btree ("due_on","id") WHERE due_on is not null and settled_at is null;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_on_account_ck" CHECK ("customers"."on_account_days" between 1 and 120 and "customers"."on_account_limit_cents" between 0 and 100000000);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_settled_ck" CHECK ("invoices"."settled_at" is null or "invoices"."due_on" is not null);