CREATE TABLE "question_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "question_notes_body_ck" CHECK (char_length("question_notes"."body") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "staff_id" integer;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "answered_by" integer;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "assigned_to" integer;--> statement-breakpoint
ALTER TABLE "question_notes" ADD CONSTRAINT "question_notes_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_notes" ADD CONSTRAINT "question_notes_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_notes_question_idx" ON "question_notes" USING btree ("question_id","at");--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_answered_by_staff_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."staff_users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_assigned_to_staff_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."staff_users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questions_inbox_idx" ON "questions" USING btree ("created_at","id") WHERE "questions"."answer" is null;