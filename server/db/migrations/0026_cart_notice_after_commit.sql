-- Cart notices after the commit for the add and edit calls (decision 105). A NOTIFY holds PostgreSQL's one
-- notification lock from its transaction's pre-commit to the end of its commit, WAL flush included: every cart
-- write that notified committed one at a time (pgbench here: ≈ 5,400 single-row updates a second without,
-- 1,100–1,500 with). The `_deferred` forms mark their own statements so that the cart triggers leave the notice out,
-- and the shop sends `cart:<customer ids>` itself once the call has committed, one notice for the calls of a
-- moment, from a transaction with no data and no WAL flush to wait for (server/modules/cart/cart-notices.ts).
-- Every other write of carts and cart lines, and any write from outside the shop, still notifies as before.
CREATE OR REPLACE FUNCTION comptoir_notify_customers() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  col text := coalesce(TG_ARGV[1], 'customer_id');
  keys int[] := '{}';
  ids text;
BEGIN
  IF TG_ARGV[0] = 'cart' AND current_setting('comptoir.cart_notice', true) = 'after_commit' THEN
    RETURN NULL;
  END IF;
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
-- The mark is set for the call only (and undone with its transaction if it fails): a statement after it in the
-- same transaction notifies as usual.
CREATE OR REPLACE FUNCTION comptoir_cart_add_deferred(p_customer int, p_items json, p_limit numeric) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  r json;
BEGIN
  PERFORM set_config('comptoir.cart_notice', 'after_commit', true);
  r := comptoir_cart_add(p_customer, p_items, p_limit);
  PERFORM set_config('comptoir.cart_notice', '', true);
  RETURN r;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION comptoir_cart_edit_deferred(p_customer int, p_line int, p_model int, p_set boolean, p_num int) RETURNS json
LANGUAGE plpgsql AS $$
DECLARE
  r json;
BEGIN
  PERFORM set_config('comptoir.cart_notice', 'after_commit', true);
  r := comptoir_cart_edit(p_customer, p_line, p_model, p_set, p_num);
  PERFORM set_config('comptoir.cart_notice', '', true);
  RETURN r;
END $$;
