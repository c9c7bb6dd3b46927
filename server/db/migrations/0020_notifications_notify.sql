-- The unread notifications count of a customer is kept in memory by every app process (decision 088): a
-- committed change of notifications names its customers ('notif:<customer ids>'), so each process drops
-- just those counts. A payload over pg_notify's 8000 bytes, and TRUNCATE, fall back to the table name (all
-- counts dropped). The catalogue read model ignores both.
CREATE OR REPLACE FUNCTION comptoir_notify_notifications() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT string_agg(DISTINCT customer_id::text, ',') INTO ids FROM changed_new;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT string_agg(DISTINCT customer_id::text, ',') INTO ids FROM changed_old;
  ELSE
    SELECT string_agg(DISTINCT x.customer_id::text, ',') INTO ids
      FROM (SELECT customer_id FROM changed_old UNION SELECT customer_id FROM changed_new) x;
  END IF;
  IF ids IS NULL THEN RETURN NULL; END IF;
  PERFORM pg_notify('comptoir_cache', CASE WHEN length(ids) > 7900 THEN TG_TABLE_NAME ELSE 'notif:' || ids END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notifications_insert_notify AFTER INSERT ON notifications REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_notifications();
--> statement-breakpoint
CREATE TRIGGER notifications_update_notify AFTER UPDATE ON notifications REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_notifications();
--> statement-breakpoint
CREATE TRIGGER notifications_delete_notify AFTER DELETE ON notifications REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_notifications();
--> statement-breakpoint
CREATE TRIGGER notifications_truncate_notify AFTER TRUNCATE ON notifications
  FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
