-- Shared rate limits and login throttles across processes. Custom SQL, queried with raw sql:
-- fixed-window counters (API rate limit, recovery codes), devices that logged in before (they pass the
-- per-account login throttle), and the user agent of each session (the account's list of sessions).
CREATE TABLE "rate_limits" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_end" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limits_window_end_idx" ON "rate_limits" USING btree ("window_end");
--> statement-breakpoint
CREATE TABLE "known_devices" (
	"token_hash" varchar(64) NOT NULL,
	"customer_id" integer NOT NULL REFERENCES "customers"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("token_hash", "customer_id")
);
--> statement-breakpoint
CREATE INDEX "known_devices_customer_idx" ON "known_devices" USING btree ("customer_id");
--> statement-breakpoint
CREATE TABLE "session_agents" (
	"session_id" integer PRIMARY KEY NOT NULL REFERENCES "sessions"("id") ON DELETE CASCADE,
	"user_agent" varchar(200) NOT NULL
);
