CREATE TABLE "attachments" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"question_id" integer,
	"storage_key" varchar(64) NOT NULL,
	"name" varchar(100) NOT NULL,
	"content_type" varchar(40) NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attachments_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "attachments_size_ck" CHECK ("attachments"."size" > 0),
	CONSTRAINT "attachments_type_ck" CHECK ("attachments"."content_type" in ('image/png', 'image/jpeg', 'image/webp', 'image/gif', 'application/pdf'))
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_customer_idx" ON "attachments" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "attachments_question_idx" ON "attachments" USING btree ("question_id");--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_type_ck" CHECK ("questions"."type" in ('commande', 'livraison', 'facture', 'produit', 'suggestion'));