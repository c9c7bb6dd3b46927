-- Cart statements driven by the cart's own lines (decision 100). Once the tables have statistics, the planner
-- joined a cart's lines to `models` by a merge join or a hash join, reading models in id order or all of them
-- (9,000 rows, with each model's promotion look-up on the way) whenever it guessed from the statistics that
-- the cart's model ids were small: 30–90 ms an order on PostgreSQL. Each line's model is now read by its key in a
-- LATERAL subquery with LIMIT 1 (a subquery the planner cannot pull up into a join), whatever the statistics.
CREATE OR REPLACE FUNCTION comptoir_cart_lines(p_cart int) RETURNS json LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT coalesce(json_agg(json_build_array(l.id, l.model_id, l.num, l.quotation_id, m.stock, m.purchasable_qty, m.withdrawn)
                                   ORDER BY l.created_at DESC, l.id DESC), '[]'::json)
          FROM cart_lines l
          CROSS JOIN LATERAL (SELECT m.stock, m.purchasable_qty, m.not_for_sale OR NOT p.active AS withdrawn
                              FROM models m JOIN products p ON p.id = m.product_id WHERE m.id = l.model_id LIMIT 1) m
          WHERE l.cart_id = p_cart);
END $$;
--> statement-breakpoint
-- As in migration 0024, the guard's reads now by key: each item's model and product, and its line in the cart.
CREATE OR REPLACE FUNCTION comptoir_cart_add(p_customer int, p_items json, p_limit numeric) RETURNS json LANGUAGE plpgsql AS $$
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
                           'head', (SELECT comptoir_cart_head(c) FROM carts c WHERE c.id = cid), 'lines', comptoir_cart_lines(cid));
END $$;
