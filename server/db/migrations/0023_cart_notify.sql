-- Per-customer notices (decisions 088 and 091): a committed change names its customers ('<prefix>:<customer ids>')
-- so every app process drops just what it keeps for them — unread counts ('notif', notifications) and cart
-- answers ('cart': carts, their lines, addresses for the freight zip, quotations). One function for all of them
-- (it replaces 0020's notifications-only one): TG_ARGV[0] is the prefix, TG_ARGV[1] the column naming the
-- customer ('cart_id' for cart lines, whose cart names it). A payload over pg_notify's 8000 bytes, and TRUNCATE,
-- fall back to the table name (everything of that kind dropped). Coupons, whose uses change with orders, name
-- their table: every cart answer is dropped. The catalogue read model ignores all of these.
CREATE OR REPLACE FUNCTION comptoir_notify_customers() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  col text := coalesce(TG_ARGV[1], 'customer_id');
  keys int[] := '{}';
  ids text;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT keys || array_agg((to_jsonb(n) ->> col)::int) INTO keys FROM changed_new n;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT keys || array_agg((to_jsonb(o) ->> col)::int) INTO keys FROM changed_old o;
  END IF;
  IF col = 'cart_id' THEN
    SELECT string_agg(DISTINCT customer_id::text, ',') INTO ids FROM carts WHERE id = ANY (keys);
  ELSE
    SELECT string_agg(DISTINCT k::text, ',') INTO ids FROM unnest(keys) k;
  END IF;
  IF ids IS NULL THEN RETURN NULL; END IF;
  PERFORM pg_notify('comptoir_cache', CASE WHEN length(ids) > 7900 THEN TG_TABLE_NAME ELSE TG_ARGV[0] || ':' || ids END);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS notifications_insert_notify ON notifications;
--> statement-breakpoint
DROP TRIGGER IF EXISTS notifications_update_notify ON notifications;
--> statement-breakpoint
DROP TRIGGER IF EXISTS notifications_delete_notify ON notifications;
--> statement-breakpoint
DROP TRIGGER IF EXISTS notifications_truncate_notify ON notifications;
--> statement-breakpoint
DROP FUNCTION IF EXISTS comptoir_notify_notifications();
--> statement-breakpoint
DO $$
DECLARE
  t text[];
BEGIN
  -- table, payload prefix, column naming the customer
  FOREACH t SLICE 1 IN ARRAY ARRAY[
    ['notifications', 'notif', 'customer_id'],
    ['carts', 'cart', 'customer_id'],
    ['cart_lines', 'cart', 'cart_id'],
    ['addresses', 'cart', 'customer_id'],
    ['quotations', 'cart', 'customer_id']
  ] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_new
      FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_customers(%L, %L)', t[1] || '_insert_notify', t[1], t[2], t[3]);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
      FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_customers(%L, %L)', t[1] || '_update_notify', t[1], t[2], t[3]);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_old
      FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_customers(%L, %L)', t[1] || '_delete_notify', t[1], t[2], t[3]);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change()',
      t[1] || '_truncate_notify', t[1]);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE TRIGGER coupons_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON coupons
  FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
