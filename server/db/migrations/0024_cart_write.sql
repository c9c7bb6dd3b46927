-- Cart reads and writes in one round trip each (decision 096).
-- comptoir_cart_head / comptoir_cart_lines: the cart row with its delivery address (the customer's, not
-- deleted) and its coupon with whether it may be used now, and the lines newest first with their models' live
-- stock, as JSON; loadCart (cart-view.ts) and the two write functions below answer them. The head takes the
-- row itself, so a locking read answers the row version it locked. plpgsql rather than sql: a connection plans
-- their statements once (an sql function that cannot be inlined is planned at every call).
CREATE OR REPLACE FUNCTION comptoir_cart_head(c carts) RETURNS json LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT row_to_json(r) FROM (
    SELECT c.id, c.customer_id, c.delivery_addr_id, c.invoice_addr_id, c.pickup_method, c.shop_id, c.coupon_id, c.extra_options,
           c.freight, c.delivery_mode, c.note,
           (SELECT row_to_json(a) FROM (
              SELECT a.id, a.kind, a.title, a.first_name, a.last_name, a.company, a.line1, a.line2, a.zip_code, a.city, a.country, a.phone
              FROM addresses a WHERE a.id = c.delivery_addr_id AND a.customer_id = c.customer_id AND a.deleted_at IS NULL) a) AS delivery_obj,
           (SELECT row_to_json(k) FROM (
              SELECT k.id, k.code, k.customer_id, k.value::text AS value, k.amount::text AS amount, k.min_amount::text AS min_amount,
                     k.max_uses, k.uses,
                     (k.starts_at <= now() AND (k.ends_at IS NULL OR k.ends_at > now()) AND k.uses < k.max_uses
                      AND (k.customer_id IS NULL OR k.customer_id = c.customer_id)) AS valid,
                     (extract(epoch FROM CASE WHEN k.starts_at > now() THEN k.starts_at WHEN k.ends_at > now() THEN k.ends_at END)
                      * 1000)::float8 AS next_change
              FROM coupons k WHERE k.id = c.coupon_id) k) AS coupon_obj) r);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION comptoir_cart_lines(p_cart int) RETURNS json LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT coalesce(json_agg(json_build_array(l.id, l.model_id, l.num, l.quotation_id, m.stock, m.purchasable_qty,
                                                    m.not_for_sale OR NOT p.active) ORDER BY l.created_at DESC, l.id DESC), '[]'::json)
          FROM cart_lines l JOIN models m ON m.id = l.model_id JOIN products p ON p.id = m.product_id WHERE l.cart_id = p_cart);
END $$;
--> statement-breakpoint
-- An add as one statement (autocommit): the cart row locked (created when missing), so concurrent writes to one
-- cart queue; every later statement of the function takes a new snapshot and sees every line committed before
-- the lock. The guard is core's rules (core/cart/availability.ts quantityProblem, operations.ts checkCartLimit)
-- on the same data: every item's model sold, distinct lines after the add ≤ p_limit (when > 0), each resulting
-- quantity ≤ stock, ceiling and 100,000. Only when it holds are the items upserted (in their order: line ids
-- follow it). The answer carries what the guard read ('check'), from which the caller explains a refusal with
-- core, and the cart after the call.
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
    SELECT v.model_id, v.num + coalesce(l.num, 0) AS num, m.stock, m.purchasable_qty,
           coalesce(NOT m.not_for_sale AND p.active, false) AS sold
    FROM v LEFT JOIN models m ON m.id = v.model_id LEFT JOIN products p ON p.id = m.product_id
    LEFT JOIN cart_lines l ON l.cart_id = cid AND l.model_id = v.model_id),
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
--> statement-breakpoint
-- An edit as one statement, the cart row locked as for an add: the caller's line (by line id, else model id)
-- set to p_num (p_set) or changed by it; 0 or less deletes it; raising it needs the model sold and the new
-- quantity within stock, ceiling and 100,000 (core quantityProblem), lowering is always allowed. A changed
-- quantity leaves its quotation. 'line' is what the guard read: [id, model_id, old num, new num, stock,
-- purchasable_qty, not_for_sale].
CREATE OR REPLACE FUNCTION comptoir_cart_edit(p_customer int, p_line int, p_model int, p_set boolean, p_num int) RETURNS json
LANGUAGE plpgsql AS $$
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
                           'head', (SELECT comptoir_cart_head(c) FROM carts c WHERE c.id = cid), 'lines', comptoir_cart_lines(cid));
END $$;
