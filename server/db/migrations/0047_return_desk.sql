ALTER TABLE "return_lines" ADD COLUMN "received" integer;--> statement-breakpoint
ALTER TABLE "return_lines" ADD COLUMN "resaleable" boolean;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "refusal_reason" text;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "refund_way" varchar(20);--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "refund_id" integer;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_requests_status_idx" ON "return_requests" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_received_ck" CHECK ("return_lines"."received" is null or ("return_lines"."received" >= 0 and "return_lines"."received" <= "return_lines"."num"));--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_condition_ck" CHECK (("return_lines"."received" is null) = ("return_lines"."resaleable" is null));--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_refusal_ck" CHECK ("return_requests"."refusal_reason" is null or ("return_requests"."status" = 'refused' and char_length("return_requests"."refusal_reason") <= 300));--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_refund_way_ck" CHECK ("return_requests"."refund_way" is null or "return_requests"."refund_way" in ('credit_note', 'card'));