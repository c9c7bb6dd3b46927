-- Cancelling an order from the back office (decision 136): the card refunds the shop decides, one row each for the
-- payments worker; a credit note may be a cancelled order's refund (one per order); the customer's notice of it.
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refund_ref" varchar(255),
	"refunded_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" varchar(300),
	CONSTRAINT "refunds_status_ck" CHECK ("refunds"."status" in ('pending', 'succeeded')),
	CONSTRAINT "refunds_amount_ck" CHECK ("refunds"."amount" > 0),
	CONSTRAINT "refunds_done_ck" CHECK ("refunds"."status" <> 'succeeded' or ("refunds"."refund_ref" is not null and "refunds"."refunded_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_ck";--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "cancellation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_pending_idx" ON "refunds" USING btree ("next_attempt_at") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_cancellation_uq" ON "credit_notes" USING btree ("order_id") WHERE cancellation;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_cancellation_ck" CHECK (not "credit_notes"."cancellation" or ("credit_notes"."order_id" is not null and "credit_notes"."return_id" is null));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_ck" CHECK ("notifications"."kind" in ('order_planned', 'order_preparing', 'order_ready', 'order_ready_for_pickup', 'order_picked_up', 'order_shipped', 'order_delivered', 'order_cancelled', 'delivery_rescheduled', 'return_status', 'credit_note_issued', 'answer_received'));