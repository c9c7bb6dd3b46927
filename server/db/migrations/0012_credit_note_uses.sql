CREATE TABLE "credit_note_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"credit_note_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "credit_note_uses_amount_ck" CHECK ("credit_note_uses"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "credit_note_uses" ADD CONSTRAINT "credit_note_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_uses" ADD CONSTRAINT "credit_note_uses_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_note_uses_uq" ON "credit_note_uses" USING btree ("order_id","credit_note_id");--> statement-breakpoint
CREATE INDEX "credit_note_uses_credit_note_idx" ON "credit_note_uses" USING btree ("credit_note_id");