CREATE TABLE "sandbox_sessions" (
	"token" varchar(64) PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"order_number" varchar(20) NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"lang" varchar(2) DEFAULT 'fr' NOT NULL,
	"success_url" varchar(500) NOT NULL,
	"fail_url" varchar(500) NOT NULL,
	"status" varchar(20) DEFAULT 'open' NOT NULL,
	"outcome" varchar(20),
	"error_key" varchar(80),
	"event_id" varchar(64),
	"transaction_id" varchar(64),
	"card_last4" char(4),
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"notify_attempts" integer DEFAULT 0 NOT NULL,
	"next_notify_at" timestamp with time zone,
	CONSTRAINT "sandbox_sessions_status_ck" CHECK ("sandbox_sessions"."status" in ('open', 'challenge', 'done')),
	CONSTRAINT "sandbox_sessions_outcome_ck" CHECK ("sandbox_sessions"."outcome" is null or "sandbox_sessions"."outcome" in ('succeeded', 'failed', 'abandoned')),
	CONSTRAINT "sandbox_sessions_amount_ck" CHECK ("sandbox_sessions"."amount_cents" >= 0 and "sandbox_sessions"."refunded_cents" between 0 and "sandbox_sessions"."amount_cents")
);
--> statement-breakpoint
DROP INDEX "invoices_order_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "lang" varchar(2) DEFAULT 'fr' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "transaction_id" varchar(255);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_ref" varchar(255);--> statement-breakpoint
ALTER TABLE "sandbox_sessions" ADD CONSTRAINT "sandbox_sessions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_sessions_notify_idx" ON "sandbox_sessions" USING btree ("next_notify_at") WHERE status = 'done' and notified_at is null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_uq" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_unpaid_idx" ON "orders" USING btree ("created_at") WHERE status = 'unpaid';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_lang_ck" CHECK ("payments"."lang" in ('fr', 'zh'));