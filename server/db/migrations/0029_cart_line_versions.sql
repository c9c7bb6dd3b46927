-- Cart writes answer only the lines they changed to a process that knows the others (decision 109). Reading every
-- line of a 50-line cart back after each add or edit (comptoir_cart_line_nums: 50 rows sorted and made JSON) was
-- a third of PostgreSQL's time for an add. A cart's lines version (cart_line_versions) moves on with every write of
-- its lines, whoever makes it (the cart_lines triggers below; under the shop's batch mark, the add and edit functions
-- themselves), to a value of one sequence, so that no version is seen twice, even on a cart made again with the id
-- of a removed one. A process that holds a cart's lines at
-- version v sends [cart id, v] with its write: when the cart is still at v under the lock, the answer holds the
-- lines of the models written ('changed') instead of every line ('lines'). A table of its own: an update of the
-- carts row runs the carts triggers (≈ 0.08 ms more an add, pgbench).
CREATE TABLE "cart_line_versions" (
	"cart_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_line_versions" ADD CONSTRAINT "cart_line_versions_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE SEQUENCE comptoir_cart_line_versions;
--> statement-breakpoint
-- Migration 0026's function, which now also moves on the version of the carts whose lines changed. Under the shop's
-- mark (comptoir_cart_write_many) it does nothing: the writes there are the add and edit functions', which send no
-- notice (the shop does) and move their cart's version on themselves, one row, without reading the transition
-- tables twice (the upsert fires the insert and the update triggers): ≈ 12 % of the batch's time, pgbench. A cart
-- removed by the same statement (its lines go with it) has no version left to keep.
CREATE OR REPLACE FUNCTION comptoir_notify_customers() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  col text := coalesce(TG_ARGV[1], 'customer_id');
  keys int[] := '{}';
  ids text;
BEGIN
  IF TG_ARGV[0] = 'cart' AND current_setting('comptoir.cart_notice', true) = 'after_commit' THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'cart_lines' THEN
    IF TG_OP = 'DELETE' THEN
      INSERT INTO cart_line_versions (cart_id, version)
      SELECT k.cart_id, nextval('comptoir_cart_line_versions') FROM (SELECT DISTINCT cart_id FROM changed_old) k
      WHERE EXISTS (SELECT 1 FROM carts c WHERE c.id = k.cart_id)
      ON CONFLICT (cart_id) DO UPDATE SET version = excluded.version;
    ELSE
      INSERT INTO cart_line_versions (cart_id, version)
      SELECT k.cart_id, nextval('comptoir_cart_line_versions') FROM (SELECT DISTINCT cart_id FROM changed_new) k
      ON CONFLICT (cart_id) DO UPDATE SET version = excluded.version;
    END IF;
  END IF;
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
-- TRUNCATE names no rows: every cart moves on.
CREATE OR REPLACE FUNCTION comptoir_cart_lines_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE cart_line_versions SET version = nextval('comptoir_cart_line_versions');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cart_lines_truncate_version AFTER TRUNCATE ON cart_lines FOR EACH STATEMENT EXECUTE FUNCTION comptoir_cart_lines_truncated();
--> statement-breakpoint
DROP FUNCTION comptoir_cart_add(int, json, numeric);
--> statement-breakpoint
DROP FUNCTION comptoir_cart_edit(int, int, int, boolean, int);
--> statement-breakpoint
-- Migration 0028's add, with `p_known` and the version. The distinct models after the add, for cartGoodsLimit, are
-- counted only when there is a limit, from the cart's lines and the items it lacks (the shop lists them from the
-- lines it answers and the items: 'models' is gone). A write moves the cart's version on itself (inside a caller's
-- transaction, without the mark, the trigger does too: the version answered is read last, whichever moved it).
CREATE FUNCTION comptoir_cart_add(p_customer int, p_items json, p_limit numeric, p_known json DEFAULT NULL) RETURNS json
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  cid int;
  known boolean;
  ok boolean;
  sold json;
BEGIN
  SELECT c.id, (p_known ->> 0)::int IS NOT DISTINCT FROM c.id AND (p_known ->> 1)::bigint IS NOT DISTINCT FROM coalesce(v.version, 0)
  INTO cid, known FROM carts c LEFT JOIN cart_line_versions v ON v.cart_id = c.id WHERE c.customer_id = p_customer FOR UPDATE OF c;
  IF NOT FOUND THEN
    INSERT INTO carts (customer_id) VALUES (p_customer) ON CONFLICT (customer_id) DO NOTHING;
    SELECT c.id, (p_known ->> 0)::int IS NOT DISTINCT FROM c.id AND (p_known ->> 1)::bigint IS NOT DISTINCT FROM coalesce(v.version, 0)
    INTO cid, known FROM carts c LEFT JOIN cart_line_versions v ON v.cart_id = c.id WHERE c.customer_id = p_customer FOR UPDATE OF c;
  END IF;
  WITH v AS (SELECT (e ->> 0)::int AS model_id, (e ->> 1)::int AS num FROM json_array_elements(p_items) e),
  w AS (
    SELECT v.model_id, v.num + coalesce(l.num, 0) AS num, m.stock, m.purchasable_qty, coalesce(m.sold, false) AS sold,
           l.num IS NULL AS fresh
    FROM v
    LEFT JOIN LATERAL (SELECT m.stock, m.purchasable_qty, NOT m.not_for_sale AND p.active AS sold
                       FROM models m JOIN products p ON p.id = m.product_id WHERE m.id = v.model_id LIMIT 1) m ON true
    LEFT JOIN LATERAL (SELECT l.num FROM cart_lines l WHERE l.cart_id = cid AND l.model_id = v.model_id LIMIT 1) l ON true)
  SELECT bool_and(w.sold AND w.num <= least(w.stock, w.purchasable_qty, 100000))
         AND CASE WHEN coalesce(p_limit, 0) <= 0 THEN true
                  ELSE (SELECT count(*) FROM cart_lines WHERE cart_id = cid) + count(*) FILTER (WHERE w.fresh) <= p_limit END,
         coalesce(json_agg(json_build_array(w.model_id, w.stock, w.purchasable_qty, w.num)) FILTER (WHERE w.sold), '[]'::json)
  INTO ok, sold FROM w;
  IF ok THEN
    INSERT INTO cart_lines (cart_id, model_id, num)
    SELECT cid, (e ->> 0)::int, (e ->> 1)::int FROM json_array_elements(p_items) WITH ORDINALITY AS t(e, n) ORDER BY n
    ON CONFLICT (cart_id, model_id) DO UPDATE SET num = cart_lines.num + excluded.num, quotation_id = NULL;
    INSERT INTO cart_line_versions (cart_id, version) VALUES (cid, nextval('comptoir_cart_line_versions'))
    ON CONFLICT (cart_id) DO UPDATE SET version = excluded.version;
  END IF;
  RETURN (SELECT json_build_object('written', ok, 'sold', sold, 'head', comptoir_cart_head(c), 'cart', cid, 'version', coalesce(v.version, 0),
                 CASE WHEN known THEN 'changed' ELSE 'lines' END,
                 CASE WHEN known THEN (SELECT coalesce(json_agg(json_build_array(l.id, l.model_id, l.num, l.quotation_id)), '[]'::json)
                                       FROM json_array_elements(p_items) e JOIN cart_lines l ON l.cart_id = cid AND l.model_id = (e ->> 0)::int)
                      ELSE comptoir_cart_line_nums(cid) END)
          FROM carts c LEFT JOIN cart_line_versions v ON v.cart_id = c.id WHERE c.id = cid);
END $$;
--> statement-breakpoint
-- Migration 0028's edit, with `p_known` and the version ('changed': the edited line, none when it was removed).
CREATE FUNCTION comptoir_cart_edit(p_customer int, p_line int, p_model int, p_set boolean, p_num int, p_known json DEFAULT NULL)
RETURNS json LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  cid int;
  known boolean;
  lid int;
  mid int;
  old int;
  nw int;
  st int;
  pq int;
  nfs boolean;
  ok boolean := true;
BEGIN
  SELECT c.id, (p_known ->> 0)::int IS NOT DISTINCT FROM c.id AND (p_known ->> 1)::bigint IS NOT DISTINCT FROM coalesce(v.version, 0)
  INTO cid, known FROM carts c LEFT JOIN cart_line_versions v ON v.cart_id = c.id WHERE c.customer_id = p_customer FOR UPDATE OF c;
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
  IF ok THEN
    INSERT INTO cart_line_versions (cart_id, version) VALUES (cid, nextval('comptoir_cart_line_versions'))
    ON CONFLICT (cart_id) DO UPDATE SET version = excluded.version;
  END IF;
  RETURN (SELECT json_build_object('found', true, 'written', ok, 'line', json_build_array(lid, mid, old, nw, st, pq, nfs),
                 'head', comptoir_cart_head(c), 'cart', cid, 'version', coalesce(v.version, 0),
                 CASE WHEN known THEN 'changed' ELSE 'lines' END,
                 CASE WHEN known THEN (SELECT coalesce(json_agg(json_build_array(l.id, l.model_id, l.num, l.quotation_id)), '[]'::json)
                                       FROM cart_lines l WHERE l.id = lid)
                      ELSE comptoir_cart_line_nums(cid) END)
          FROM carts c LEFT JOIN cart_line_versions v ON v.cart_id = c.id WHERE c.id = cid);
END $$;
--> statement-breakpoint
-- Migration 0028's batch, the known versions passed on: ["add", customer, items, limit, known] and
-- ["edit", customer, line id, model id, set, num, known].
CREATE OR REPLACE FUNCTION comptoir_cart_write_many(p_ops json) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  op json;
  answers json[] := '{}';
BEGIN
  PERFORM set_config('comptoir.cart_notice', 'after_commit', true);
  FOR op IN SELECT e FROM json_array_elements(p_ops) e LOOP
    answers := answers || CASE op ->> 0
      WHEN 'add' THEN comptoir_cart_add((op ->> 1)::int, op -> 2, (op ->> 3)::numeric, op -> 4)
      ELSE comptoir_cart_edit((op ->> 1)::int, (op ->> 2)::int, (op ->> 3)::int, (op ->> 4)::boolean, (op ->> 5)::int, op -> 6) END;
  END LOOP;
  PERFORM set_config('comptoir.cart_notice', '', true);
  RETURN array_to_json(answers);
END $$;
