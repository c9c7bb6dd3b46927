ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_ck";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "approval" varchar(8) DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "approval_message" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "approval_decided_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "customers_queue_idx" ON "customers" USING btree (("approval" <> 'pending'),"created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "customers_pending_idx" ON "customers" USING btree ("created_at" desc,"id" desc) WHERE "customers"."approval" = 'pending';--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_approval_ck" CHECK ("customers"."approval" in ('approved', 'pending', 'refused'));--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_approval_message_ck" CHECK (char_length("customers"."approval_message") <= 1000);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_ck" CHECK ("notifications"."kind" in ('order_planned', 'order_unplanned', 'order_preparing', 'order_ready', 'order_ready_for_pickup', 'order_picked_up', 'order_shipped', 'order_delivered', 'order_cancelled', 'order_edited', 'delivery_rescheduled', 'return_status', 'credit_note_issued', 'answer_received', 'account_approved', 'account_refused'));