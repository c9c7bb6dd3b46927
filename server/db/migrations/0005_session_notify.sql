-- Sessions and customers are cached in memory by every app process (decision 007): a change that can end a
-- session or alter what it resolves to notifies them all. The 5-minute last_seen_at touch does not.
CREATE TRIGGER sessions_notify AFTER UPDATE OF revoked_at, expires_at, created_at, customer_id, token_hash OR DELETE OR TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE TRIGGER customers_notify AFTER UPDATE OR DELETE OR TRUNCATE ON customers FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
