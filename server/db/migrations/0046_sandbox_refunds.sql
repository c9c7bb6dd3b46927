CREATE TABLE "sandbox_refunds" (
	"idempotency_key" varchar(255) PRIMARY KEY NOT NULL,
	"token" varchar(64) NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD CONSTRAINT "sandbox_refunds_token_sandbox_sessions_token_fk" FOREIGN KEY ("token") REFERENCES "public"."sandbox_sessions"("token") ON DELETE cascade ON UPDATE no action;