CREATE TABLE "outbox_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(20) DEFAULT 'email' NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "outbox_kind_ck" CHECK ("outbox_messages"."kind" in ('email')),
	CONSTRAINT "outbox_attempts_ck" CHECK ("outbox_messages"."attempts" >= 0)
);
--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox_messages" USING btree ("available_at") WHERE sent_at is null and failed_at is null;