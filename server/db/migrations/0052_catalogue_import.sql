CREATE TABLE "catalogue_import_lines" (
	"import_id" bigint NOT NULL,
	"line" integer NOT NULL,
	"reference" varchar(40) NOT NULL,
	"model_id" integer,
	"status" varchar(10) NOT NULL,
	"changes" jsonb NOT NULL,
	"reason" jsonb,
	"outcome" varchar(10),
	"conflicts" jsonb,
	CONSTRAINT "catalogue_import_lines_import_id_line_pk" PRIMARY KEY("import_id","line"),
	CONSTRAINT "catalogue_import_lines_status_ck" CHECK ("catalogue_import_lines"."status" in ('updated', 'unchanged', 'refused')),
	CONSTRAINT "catalogue_import_lines_outcome_ck" CHECK ("catalogue_import_lines"."outcome" in ('applied', 'conflict'))
);
--> statement-breakpoint
CREATE TABLE "catalogue_import_presets" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	"mapping" jsonb NOT NULL,
	"staff_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_imports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"file_name" varchar(120) NOT NULL,
	"encoding" varchar(12) NOT NULL,
	"separator" varchar(1) NOT NULL,
	"header" jsonb NOT NULL,
	"content" text NOT NULL,
	"row_count" integer NOT NULL,
	"mapping" jsonb,
	"status" varchar(10) DEFAULT 'uploaded' NOT NULL,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"job_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone,
	CONSTRAINT "catalogue_imports_status_ck" CHECK ("catalogue_imports"."status" in ('uploaded', 'checked', 'applying', 'applied', 'cancelled')),
	CONSTRAINT "catalogue_imports_separator_ck" CHECK (length("catalogue_imports"."separator") = 1),
	CONSTRAINT "catalogue_imports_row_count_ck" CHECK ("catalogue_imports"."row_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_kind_ck";--> statement-breakpoint
ALTER TABLE "catalogue_import_lines" ADD CONSTRAINT "catalogue_import_lines_import_id_catalogue_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."catalogue_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_import_lines" ADD CONSTRAINT "catalogue_import_lines_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_import_presets" ADD CONSTRAINT "catalogue_import_presets_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD CONSTRAINT "catalogue_imports_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD CONSTRAINT "catalogue_imports_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_import_lines_status_idx" ON "catalogue_import_lines" USING btree ("import_id","status","line");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_import_presets_name_uq" ON "catalogue_import_presets" USING btree ("name");--> statement-breakpoint
CREATE INDEX "catalogue_imports_created_idx" ON "catalogue_imports" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_kind_ck" CHECK ("jobs"."kind" in ('preparation_pdf', 'catalogue_import'));