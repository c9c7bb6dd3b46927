ALTER TABLE "quotations" DROP CONSTRAINT "quotations_status_ck";--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "staff_note" varchar(2000) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotations_created_idx" ON "quotations" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_status_ck" CHECK ("quotations"."status" in ('draft', 'open', 'accepted', 'ordered', 'expired', 'cancelled'));