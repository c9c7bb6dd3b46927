CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" varchar(30) NOT NULL,
	"order_id" integer,
	"ref" varchar(40) NOT NULL,
	"vars" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_kind_ck" CHECK ("notifications"."kind" in ('order_planned', 'order_shipped', 'order_delivered', 'delivery_rescheduled', 'return_status', 'credit_note_issued', 'answer_received')),
	CONSTRAINT "notifications_read_ck" CHECK ("notifications"."read_at" is null or "notifications"."read_at" >= "notifications"."created_at")
);
--> statement-breakpoint
CREATE TABLE "return_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"num" integer NOT NULL,
	CONSTRAINT "return_lines_num_ck" CHECK ("return_lines"."num" > 0)
);
--> statement-breakpoint
CREATE TABLE "return_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"status" varchar(20) DEFAULT 'requested' NOT NULL,
	"reason" varchar(30) NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_requests_status_ck" CHECK ("return_requests"."status" in ('requested', 'accepted', 'refused', 'received', 'refunded')),
	CONSTRAINT "return_requests_reason_ck" CHECK ("return_requests"."reason" in ('damaged', 'wrong_item', 'not_as_described', 'surplus', 'other')),
	CONSTRAINT "return_requests_comment_ck" CHECK (char_length("return_requests"."comment") <= 500),
	CONSTRAINT "return_requests_other_ck" CHECK ("return_requests"."reason" <> 'other' or coalesce(char_length(btrim("return_requests"."comment")), 0) > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_status" varchar(24);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_proposed_date" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_reply_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_return_id_return_requests_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_customer_idx" ON "notifications" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("customer_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "return_lines_uq" ON "return_lines" USING btree ("return_id","order_line_id");--> statement-breakpoint
CREATE INDEX "return_lines_order_line_idx" ON "return_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "return_requests_customer_idx" ON "return_requests" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "return_requests_order_idx" ON "return_requests" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_delivery_due_idx" ON "orders" USING btree ("delivery_reply_by") WHERE "orders"."delivery_status" = 'awaiting_confirmation';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_status_ck" CHECK ("orders"."delivery_status" in ('awaiting_confirmation', 'confirmed', 'reschedule_requested', 'cancelled'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_awaiting_ck" CHECK ("orders"."delivery_status" is distinct from 'awaiting_confirmation' or ("orders"."planned_delivery_date" is not null and "orders"."delivery_reply_by" is not null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_proposed_ck" CHECK (("orders"."delivery_proposed_date" is null) = ("orders"."delivery_status" is distinct from 'reschedule_requested'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivered_after_shipped_ck" CHECK ("orders"."delivered_at" is null or "orders"."shipped_at" is null or "orders"."delivered_at" >= "orders"."shipped_at");