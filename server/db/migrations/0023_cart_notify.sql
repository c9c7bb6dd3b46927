-- Cart list answers are kept per customer by every app process (decision 091): a committed change of what a
-- cart answer shows names its customers ('cart:<customer ids>') so each process drops just those answers.
-- Coupons (their uses change with orders) and TRUNCATE name the table, as does a payload over pg_notify's 8000
-- bytes: every cart answer is dropped then. The catalogue read model ignores all of them.
CREATE OR REPLACE FUNCTION comptoir_notify_carts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids text;
BEGIN
  IF TG_TABLE_NAME = 'cart_lines' THEN
    IF TG_OP = 'INSERT' THEN
      SELECT string_agg(DISTINCT c.customer_id::text, ',') INTO ids FROM carts c WHERE c.id IN (SELECT cart_id FROM changed_new);
    ELSIF TG_OP = 'DELETE' THEN
      SELECT string_agg(DISTINCT c.customer_id::text, ',') INTO ids FROM carts c WHERE c.id IN (SELECT cart_id FROM changed_old);
    ELSE
      SELECT string_agg(DISTINCT c.customer_id::text, ',') INTO ids FROM carts c
        WHERE c.id IN (SELECT cart_id FROM changed_old UNION SELECT cart_id FROM changed_new);
    END IF;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT string_agg(DISTINCT customer_id::text, ',') INTO ids FROM changed_new;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT string_agg(DISTINCT customer_id::text, ',') INTO ids FROM changed_old;
  ELSE
    SELECT string_agg(DISTINCT x.customer_id::text, ',') INTO ids
      FROM (SELECT customer_id FROM changed_old UNION SELECT customer_id FROM changed_new) x;
  END IF;
  IF ids IS NULL THEN RETURN NULL; END IF;
  PERFORM pg_notify('comptoir_cache', CASE WHEN length(ids) > 7900 THEN TG_TABLE_NAME ELSE 'cart:' || ids END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER carts_insert_notify AFTER INSERT ON carts REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_carts();
--> statement-breakpoint
CREATE TRIGGER carts_update_notify AFTER UPDATE ON carts REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_carts();
--> statement-breakpoint
CREATE TRIGGER carts_delete_notify AFTER DELETE ON carts REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_carts();
--> statement-breakpoint
CREATE TRIGGER carts_truncate_notify AFTER TRUNCATE ON carts
  FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE TRIGGER cart_lines_insert_notify AFTER INSERT ON cart_lines REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_carts();
--> statement-breakpoint
CREATE TRIGGER cart_lines_update_notify AFTER UPDATE ON cart_lines REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_carts();
--> statement-breakpoint
CREATE TRIGGER cart_lines_delete_notify AFTER DELETE ON cart_lines REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_carts();
--> statement-breakpoint
CREATE TRIGGER cart_lines_truncate_notify AFTER TRUNCATE ON cart_lines
  FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE TRIGGER addresses_insert_notify AFTER INSERT ON addresses REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_carts();
--> statement-breakpoint
CREATE TRIGGER addresses_update_notify AFTER UPDATE ON addresses REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_carts();
--> statement-breakpoint
CREATE TRIGGER addresses_delete_notify AFTER DELETE ON addresses REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_carts();
--> statement-breakpoint
CREATE TRIGGER addresses_truncate_notify AFTER TRUNCATE ON addresses
  FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE TRIGGER quotations_insert_notify AFTER INSERT ON quotations REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_carts();
--> statement-breakpoint
CREATE TRIGGER quotations_update_notify AFTER UPDATE ON quotations REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_carts();
--> statement-breakpoint
CREATE TRIGGER quotations_delete_notify AFTER DELETE ON quotations REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_carts();
--> statement-breakpoint
CREATE TRIGGER quotations_truncate_notify AFTER TRUNCATE ON quotations
  FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE TRIGGER coupons_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON coupons
  FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
