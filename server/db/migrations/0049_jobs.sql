CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(30) NOT NULL,
	"staff_id" integer NOT NULL,
	"lang" varchar(2) NOT NULL,
	"params" jsonb NOT NULL,
	"status" varchar(10) DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"total" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"error_key" varchar(80),
	"file_name" varchar(120),
	"file_type" varchar(60),
	"file" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_kind_ck" CHECK ("jobs"."kind" in ('preparation_pdf')),
	CONSTRAINT "jobs_status_ck" CHECK ("jobs"."status" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "jobs_progress_ck" CHECK ("jobs"."progress" >= 0 and ("jobs"."total" is null or "jobs"."total" >= 0)),
	CONSTRAINT "jobs_lang_ck" CHECK ("jobs"."lang" in ('fr', 'zh'))
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("id") WHERE "jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "jobs_staff_idx" ON "jobs" USING btree ("staff_id","created_at");