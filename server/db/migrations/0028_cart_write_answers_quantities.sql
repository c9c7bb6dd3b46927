-- The add and the edit answer only the lines they changed with the cart's order and quantities (decision 108):
-- their statement no longer reads the live stock of every line of the cart (two index lookups a line, ≈ 0.2 ms
-- of PostgreSQL's time for a 50-line cart), only each line's id, model, quantity and quotation, newest first as
-- comptoir_cart_lines orders them. The changed lines' live counters are what the guard read ('sold', 'line').
-- The functions are otherwise those of migrations 0025 (the add, its reads by key) and 0024 (the edit), now with
-- their statements' generic plans (by key whatever the values, server/db/plans.test.ts): the planner kept choosing
-- custom plans for some of them, planning them at every call (≈ 14 % of PostgreSQL's time in the add benchmark;
-- pgbench of add/edit pairs, 50 clients: 1,470-1,490 -> 1,560-1,710 a second).
CREATE OR REPLACE FUNCTION comptoir_cart_line_nums(p_cart int) RETURNS json LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT coalesce(json_agg(json_build_array(l.id, l.model_id, l.num, l.quotation_id) ORDER BY l.created_at DESC, l.id DESC), '[]'::json)
          FROM cart_lines l WHERE l.cart_id = p_cart);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION comptoir_cart_add(p_customer int, p_items json, p_limit numeric) RETURNS json LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  cid int;
  ok boolean;
  sold json;
  models json;
BEGIN
  SELECT id INTO cid FROM carts WHERE customer_id = p_customer FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO carts (customer_id) VALUES (p_customer) ON CONFLICT (customer_id) DO NOTHING;
    SELECT id INTO cid FROM carts WHERE customer_id = p_customer FOR UPDATE;
  END IF;
  WITH v AS (SELECT (e ->> 0)::int AS model_id, (e ->> 1)::int AS num FROM json_array_elements(p_items) e),
  w AS (
    SELECT v.model_id, v.num + coalesce(l.num, 0) AS num, m.stock, m.purchasable_qty, coalesce(m.sold, false) AS sold
    FROM v
    LEFT JOIN LATERAL (SELECT m.stock, m.purchasable_qty, NOT m.not_for_sale AND p.active AS sold
                       FROM models m JOIN products p ON p.id = m.product_id WHERE m.id = v.model_id LIMIT 1) m ON true
    LEFT JOIN LATERAL (SELECT l.num FROM cart_lines l WHERE l.cart_id = cid AND l.model_id = v.model_id LIMIT 1) l ON true),
  u AS (SELECT model_id FROM cart_lines WHERE cart_id = cid UNION SELECT model_id FROM v)
  SELECT bool_and(w.sold AND w.num <= least(w.stock, w.purchasable_qty, 100000))
         AND (coalesce(p_limit, 0) <= 0 OR (SELECT count(*) FROM u) <= p_limit),
         coalesce(json_agg(json_build_array(w.model_id, w.stock, w.purchasable_qty, w.num)) FILTER (WHERE w.sold), '[]'::json),
         (SELECT json_agg(model_id) FROM u)
  INTO ok, sold, models FROM w;
  IF ok THEN
    INSERT INTO cart_lines (cart_id, model_id, num)
    SELECT cid, (e ->> 0)::int, (e ->> 1)::int FROM json_array_elements(p_items) WITH ORDINALITY AS t(e, n) ORDER BY n
    ON CONFLICT (cart_id, model_id) DO UPDATE SET num = cart_lines.num + excluded.num, quotation_id = NULL;
  END IF;
  RETURN json_build_object('written', ok, 'sold', sold, 'models', models,
                           'head', (SELECT comptoir_cart_head(c) FROM carts c WHERE c.id = cid), 'lines', comptoir_cart_line_nums(cid));
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION comptoir_cart_edit(p_customer int, p_line int, p_model int, p_set boolean, p_num int) RETURNS json
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  cid int;
  lid int;
  mid int;
  old int;
  nw int;
  st int;
  pq int;
  nfs boolean;
  ok boolean := true;
BEGIN
  SELECT id INTO cid FROM carts WHERE customer_id = p_customer FOR UPDATE;
  IF NOT FOUND THEN RETURN json_build_object('found', false); END IF;
  SELECT l.id, l.model_id, l.num, m.stock, m.purchasable_qty, m.not_for_sale OR NOT p.active INTO lid, mid, old, st, pq, nfs
  FROM cart_lines l JOIN models m ON m.id = l.model_id JOIN products p ON p.id = m.product_id
  WHERE l.cart_id = cid AND CASE WHEN p_line IS NOT NULL THEN l.id = p_line ELSE l.model_id = p_model END;
  IF NOT FOUND THEN RETURN json_build_object('found', false); END IF;
  nw := CASE WHEN p_set THEN p_num ELSE old + p_num END;
  IF nw <= 0 THEN
    DELETE FROM cart_lines WHERE id = lid;
  ELSIF nw > old AND (nfs OR nw > least(st, pq, 100000)) THEN
    ok := false;
  ELSE
    UPDATE cart_lines SET num = nw, quotation_id = CASE WHEN num = nw THEN quotation_id END WHERE id = lid;
  END IF;
  RETURN json_build_object('found', true, 'written', ok, 'line', json_build_array(lid, mid, old, nw, st, pq, nfs),
                           'head', (SELECT comptoir_cart_head(c) FROM carts c WHERE c.id = cid), 'lines', comptoir_cart_line_nums(cid));
END $$;
--> statement-breakpoint
-- The add and edit calls of a moment in one statement and one commit (decision 108): `p_ops` is a list of
-- ["add", customer, items, limit] and ["edit", customer, line id, model id, set, num], each done in turn as the
-- functions above do it, their answers in the same order. The caller orders the ops by customer (keeping the order
-- of one customer's ops): every such statement locks carts in the same order, so two of them never deadlock.
-- Cart notices are the caller's to send once committed, as for the _deferred forms. A refusal is an answer
-- (written false), not an error: an error fails every op of the statement, which the caller then runs alone.
CREATE OR REPLACE FUNCTION comptoir_cart_write_many(p_ops json) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  op json;
  answers json[] := '{}';
BEGIN
  PERFORM set_config('comptoir.cart_notice', 'after_commit', true);
  FOR op IN SELECT e FROM json_array_elements(p_ops) e LOOP
    answers := answers || CASE op ->> 0
      WHEN 'add' THEN comptoir_cart_add((op ->> 1)::int, op -> 2, (op ->> 3)::numeric)
      ELSE comptoir_cart_edit((op ->> 1)::int, (op ->> 2)::int, (op ->> 3)::int, (op ->> 4)::boolean, (op ->> 5)::int) END;
  END LOOP;
  PERFORM set_config('comptoir.cart_notice', '', true);
  RETURN array_to_json(answers);
END $$;
--> statement-breakpoint
-- Replaced by comptoir_cart_write_many (migration 0026's single-call forms).
DROP FUNCTION comptoir_cart_add_deferred(int, json, numeric);
--> statement-breakpoint
DROP FUNCTION comptoir_cart_edit_deferred(int, int, int, boolean, int);
