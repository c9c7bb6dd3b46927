ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_ck";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "pricing" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "balance_due" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "purpose" varchar(10) DEFAULT 'order' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_balance_due_ck" CHECK ("orders"."balance_due" >= 0 and "orders"."balance_due" <= "orders"."total_ttc");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose_ck" CHECK ("payments"."purpose" in ('order', 'balance'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_ck" CHECK ("notifications"."kind" in ('order_planned', 'order_unplanned', 'order_preparing', 'order_ready', 'order_ready_for_pickup', 'order_picked_up', 'order_shipped', 'order_delivered', 'order_cancelled', 'order_edited', 'delivery_rescheduled', 'return_status', 'credit_note_issued', 'answer_received'));