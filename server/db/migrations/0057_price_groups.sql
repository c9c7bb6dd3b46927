CREATE TABLE "price_group_categories" (
	"group_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"percent" numeric(5, 2) NOT NULL,
	CONSTRAINT "price_group_categories_group_id_category_id_pk" PRIMARY KEY("group_id","category_id"),
	CONSTRAINT "price_group_categories_ck" CHECK ("price_group_categories"."percent" > 0 and "price_group_categories"."percent" <= 100)
);
--> statement-breakpoint
CREATE TABLE "price_group_models" (
	"group_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"min_qty" integer DEFAULT 1 NOT NULL,
	"price" numeric(12, 4) NOT NULL,
	CONSTRAINT "price_group_models_group_id_model_id_min_qty_pk" PRIMARY KEY("group_id","model_id","min_qty"),
	CONSTRAINT "price_group_models_ck" CHECK ("price_group_models"."min_qty" >= 1 and "price_group_models"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "price_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_groups_name_ck" CHECK (char_length("price_groups"."name") between 1 and 80)
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "price_group_id" integer;--> statement-breakpoint
ALTER TABLE "price_group_categories" ADD CONSTRAINT "price_group_categories_group_id_price_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."price_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_group_categories" ADD CONSTRAINT "price_group_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_group_models" ADD CONSTRAINT "price_group_models_group_id_price_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."price_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_group_models" ADD CONSTRAINT "price_group_models_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_group_categories_category_idx" ON "price_group_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "price_group_models_model_idx" ON "price_group_models" USING btree ("model_id");--> statement-breakpoint
CREATE UNIQUE INDEX "price_groups_name_uq" ON "price_groups" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_price_group_id_price_groups_id_fk" FOREIGN KEY ("price_group_id") REFERENCES "public"."price_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_price_group_idx" ON "customers" USING btree ("price_group_id") WHERE "customers"."price_group_id" is not null;--> statement-breakpoint
-- The current definition of every stored function and trigger of the shop's database, and nothing else: no table,
-- no data. Each statement replaces its object in place (CREATE OR REPLACE), so the file can be run on any migrated
-- database. A change to one of them is made here, and a new migration holds this whole file again after its own
-- statements (server/db/functions.test.ts checks that the latest migration holding the line below holds the whole
-- file, and that running the file on a migrated database changes no function and no trigger).
-- Business rules are not decided here: the cart's and the order's rules are core's (core/cart; decisions 112, 113).
-- These functions send change notices, build the search index or read a cart as JSON.
--
-- server/db/functions.sql
--
-- Notices to every app process (LISTEN comptoir_cache) of changes to data they keep in memory (decisions 007, 061).
-- A table name: reload what comes from that table.
CREATE OR REPLACE FUNCTION comptoir_notify_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('comptoir_cache', TG_TABLE_NAME);
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
-- An edit of catalogue columns of some products: 'edit:<product ids>' (every cache reloads as for a table name,
-- but the search index refreshes those products only); the table name when the ids do not fit.
CREATE OR REPLACE FUNCTION comptoir_notify_edit(tbl text, ids text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL THEN RETURN; END IF;
  PERFORM pg_notify('comptoir_cache', CASE WHEN length(ids) > 7900 THEN tbl ELSE 'edit:' || ids END);
END $$;
--> statement-breakpoint
-- Models' UPDATEs compared row by row (selling changes stock many times a second). Payloads: 'stock:<product ids>'
-- when only stock counters of those products' models changed and no model crossed zero; 'avail:<product ids>' when
-- a model of those products went out of stock or back in (cards, list facets); any other column: an edit. A payload
-- over pg_notify's 8000 bytes falls back to the table name.
CREATE OR REPLACE FUNCTION comptoir_notify_models_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  stock_ids text;
  avail_ids text;
BEGIN
  IF EXISTS (
    SELECT 1 FROM changed_old o FULL JOIN changed_new n ON n.id = o.id
    WHERE o.id IS NULL OR n.id IS NULL
       OR (to_jsonb(o) - 'stock' - 'purchasable_qty') IS DISTINCT FROM (to_jsonb(n) - 'stock' - 'purchasable_qty')
  ) THEN
    PERFORM comptoir_notify_edit(TG_TABLE_NAME, (SELECT string_agg(DISTINCT x.product_id::text, ',')
      FROM (SELECT product_id FROM changed_old UNION SELECT product_id FROM changed_new) x));
    RETURN NULL;
  END IF;
  SELECT string_agg(c.product_id::text, ',' ORDER BY c.product_id) FILTER (WHERE NOT c.flipped),
         string_agg(c.product_id::text, ',' ORDER BY c.product_id) FILTER (WHERE c.flipped)
    INTO stock_ids, avail_ids
  FROM (
    SELECT n.product_id, bool_or((o.stock > 0) <> (n.stock > 0)) AS flipped
    FROM changed_old o JOIN changed_new n ON n.id = o.id
    WHERE o.stock <> n.stock OR o.purchasable_qty <> n.purchasable_qty
    GROUP BY n.product_id
  ) c;
  IF length(coalesce(stock_ids, '')) > 7900 OR length(coalesce(avail_ids, '')) > 7900 THEN
    PERFORM pg_notify('comptoir_cache', TG_TABLE_NAME);
    RETURN NULL;
  END IF;
  IF stock_ids IS NOT NULL THEN PERFORM pg_notify('comptoir_cache', 'stock:' || stock_ids); END IF;
  IF avail_ids IS NOT NULL THEN PERFORM pg_notify('comptoir_cache', 'avail:' || avail_ids); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- products.sales_count only orders best-seller lists: a change of it alone notifies nothing (the read model
-- and the rendered pages pick it up within their one-minute lifetime). Other columns: an edit of those products.
CREATE OR REPLACE FUNCTION comptoir_notify_products_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM comptoir_notify_edit(TG_TABLE_NAME, (
    SELECT string_agg(DISTINCT coalesce(n.id, o.id)::text, ',') FROM changed_old o FULL JOIN changed_new n ON n.id = o.id
    WHERE o.id IS NULL OR n.id IS NULL
       OR (to_jsonb(o) - 'sales_count') IS DISTINCT FROM (to_jsonb(n) - 'sales_count')));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Product names and descriptions: an UPDATE is an edit of those products (search refreshed row by row).
CREATE OR REPLACE FUNCTION comptoir_notify_translations_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM comptoir_notify_edit(TG_TABLE_NAME, (SELECT string_agg(DISTINCT x.product_id::text, ',')
    FROM (SELECT product_id FROM changed_old UNION SELECT product_id FROM changed_new) x));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Per-customer notices (decisions 088, 091): a committed change names its customers ('<prefix>:<customer ids>') so
-- every app process drops just what it keeps for them: unread counts ('notif', notifications) and cart answers
-- ('cart': carts, their lines, addresses for the freight zip, quotations). TG_ARGV[0] is the prefix, TG_ARGV[1] the
-- column naming the customer ('cart_id' for cart lines, whose cart names it). A payload over pg_notify's 8000 bytes
-- falls back to the table name. A transaction marked `comptoir.cart_notice = after_commit` (the cart's write use
-- cases and the order, which send their notice themselves after the commit: a NOTIFY holds the cluster's one
-- notification lock through the commit's WAL flush) sends no 'cart:' notice from here.
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
-- Product search (decision 050). unaccent() is only STABLE (it reads its dictionary): wrapped in an IMMUTABLE
-- function for index expressions.
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
-- Normalised text: lower case, no accents, "×" and "*" read as "x", spaces squeezed.
CREATE OR REPLACE FUNCTION f_search_norm(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT btrim(regexp_replace(translate(lower(public.f_unaccent($1)), '×*’', 'xx'''), '\s+', ' ', 'g')) $$;
--> statement-breakpoint
-- Search documents of some products only (ids), or of all (NULL). A partial refresh replaces those products' rows
-- and adjusts the word counts; the full one also refreshes the planner statistics (PGlite has no autovacuum).
CREATE OR REPLACE FUNCTION refresh_search_documents(ids integer[]) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE n integer;
BEGIN
  -- One refresh at a time (several app processes may be notified of the same change).
  PERFORM pg_advisory_xact_lock(743201);
  IF ids IS NULL THEN
    DELETE FROM search_refs;
    DELETE FROM search_words;
    DELETE FROM search_documents;
  ELSE
    WITH gone AS (
      SELECT w, count(*)::int AS c FROM search_documents d, regexp_split_to_table(d.text_norm, '[^a-z0-9]+') AS w
      WHERE d.lang = 'fr' AND d.product_id = ANY(ids) AND w ~ '^[a-z]{3,}$'
      GROUP BY w
    )
    UPDATE search_words s SET freq = s.freq - g.c FROM gone g WHERE s.word = g.w;
    DELETE FROM search_words WHERE freq <= 0;
    DELETE FROM search_refs WHERE product_id = ANY(ids);
    DELETE FROM search_documents WHERE product_id = ANY(ids);
  END IF;
  INSERT INTO search_refs (ref, product_id, model_ref)
    SELECT lower(p.reference), p.id, NULL FROM products p
    WHERE p.active AND (ids IS NULL OR p.id = ANY(ids))
      AND EXISTS (SELECT 1 FROM models m WHERE m.product_id = p.id AND NOT m.not_for_sale)
    UNION ALL
    SELECT lower(m.reference), m.product_id, m.reference
    FROM models m JOIN products p ON p.id = m.product_id
    WHERE p.active AND NOT m.not_for_sale AND (ids IS NULL OR p.id = ANY(ids));
  WITH RECURSIVE langs(lang) AS (VALUES ('fr'), ('zh')),
  chain(cat_id, anc_id) AS (
    SELECT id, id FROM categories
    UNION ALL
    SELECT ch.cat_id, c.parent_id FROM chain ch JOIN categories c ON c.id = ch.anc_id WHERE c.parent_id IS NOT NULL
  ),
  cat AS (
    -- the category and its ancestors below ACCUEIL, names in each language (fr fallback)
    SELECT ch.cat_id AS id, l.lang,
           string_agg(coalesce(t.name, f.name), ' ' ORDER BY a.level DESC) AS names,
           string_agg(f.name, ' ' ORDER BY a.level DESC) AS names_fr
    FROM chain ch CROSS JOIN langs l
    JOIN categories a ON a.id = ch.anc_id AND a.level > 0
    JOIN category_translations f ON f.category_id = a.id AND f.lang = 'fr'
    LEFT JOIN category_translations t ON t.category_id = a.id AND t.lang = l.lang
    GROUP BY ch.cat_id, l.lang
  ),
  mdl AS (
    SELECT m.product_id, string_agg(DISTINCT m.capacity, ' ') AS caps
    FROM models m
    WHERE NOT m.not_for_sale AND m.capacity IS NOT NULL AND (ids IS NULL OR m.product_id = ANY(ids))
    GROUP BY m.product_id
  ),
  dm AS (
    SELECT m.product_id, array_agg(DISTINCT d.token) AS dims
    FROM models m
    CROSS JOIN LATERAL unnest(ARRAY[
        m.length_mm || 'x' || m.width_mm || 'mm',
        m.length_mm || 'x' || m.width_mm || 'x' || m.height_mm || 'mm',
        trim_scale(m.length_mm / 10.0) || 'x' || trim_scale(m.width_mm / 10.0) || 'cm',
        trim_scale(m.length_mm / 10.0) || 'x' || trim_scale(m.width_mm / 10.0) || 'x' || trim_scale(m.height_mm / 10.0) || 'cm'
      ]) AS d(token)
    WHERE NOT m.not_for_sale AND d.token IS NOT NULL AND (ids IS NULL OR m.product_id = ANY(ids))
    GROUP BY m.product_id
  ),
  base AS (
    SELECT p.id, l.lang, coalesce(t.name, f.name) AS name, f.name AS name_fr,
           c.names, c.names_fr,
           concat_ws(' ', p.brand, p.material, p.colour) AS attrs,
           coalesce(md.caps, '') AS caps,
           coalesce(dm.dims, '{}') AS dims
    FROM products p CROSS JOIN langs l
    JOIN product_translations f ON f.product_id = p.id AND f.lang = 'fr'
    LEFT JOIN product_translations t ON t.product_id = p.id AND t.lang = l.lang
    LEFT JOIN cat c ON c.id = p.category_id AND c.lang = l.lang
    LEFT JOIN mdl md ON md.product_id = p.id
    LEFT JOIN dm ON dm.product_id = p.id
    WHERE p.active AND (ids IS NULL OR p.id = ANY(ids))
      AND EXISTS (SELECT 1 FROM models m WHERE m.product_id = p.id AND NOT m.not_for_sale)
  )
  INSERT INTO search_documents (product_id, lang, name_norm, text_norm, doc, dims)
  SELECT b.id, b.lang, f_search_norm(b.name),
         f_search_norm(concat_ws(' ', b.name, b.names, b.attrs, b.caps,
                                 CASE WHEN b.lang <> 'fr' THEN concat_ws(' ', b.name_fr, b.names_fr) END)),
         CASE WHEN b.lang = 'fr' THEN
           setweight(to_tsvector('french', f_search_norm(b.name_fr)), 'A')
           || setweight(to_tsvector('french', f_search_norm(coalesce(b.names_fr, ''))), 'B')
           || setweight(to_tsvector('french', f_search_norm(b.attrs)), 'C')
           || setweight(to_tsvector('french', f_search_norm(b.caps)), 'D')
         ELSE ''::tsvector END,
         CASE WHEN b.lang = 'fr' THEN b.dims ELSE '{}' END
  FROM base b;
  GET DIAGNOSTICS n = ROW_COUNT;
  INSERT INTO search_words (word, freq)
    SELECT w, count(*)::int FROM search_documents d, regexp_split_to_table(d.text_norm, '[^a-z0-9]+') AS w
    WHERE d.lang = 'fr' AND w ~ '^[a-z]{3,}$' AND (ids IS NULL OR d.product_id = ANY(ids))
    GROUP BY w
  ON CONFLICT (word) DO UPDATE SET freq = search_words.freq + excluded.freq;
  IF ids IS NULL THEN
    -- Fresh statistics, so that selective texts use the GIN indexes (PGlite has no autovacuum).
    ANALYZE search_documents;
    ANALYZE search_refs;
    ANALYZE search_words;
  END IF;
  RETURN n;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_search_documents() RETURNS integer LANGUAGE sql AS $$ SELECT refresh_search_documents(NULL::integer[]) $$;
--> statement-breakpoint
-- Whether the customer may use the coupon now, apart from its dates and total uses (decision 150): it is everyone's
-- (no owner, no chosen customers) or theirs (its owner, or one of its chosen customers), and, with a limit per
-- customer, their orders with it (cancelled ones not counted) are below it. Order placement checks the count again
-- after locking the coupon's row, in a statement of its own (order-placement.service.ts).
CREATE OR REPLACE FUNCTION comptoir_coupon_for(k coupons, p_customer int) RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (k.customer_id = p_customer
          OR EXISTS (SELECT 1 FROM coupon_customers x WHERE x.coupon_id = k.id AND x.customer_id = p_customer)
          OR (k.customer_id IS NULL AND NOT EXISTS (SELECT 1 FROM coupon_customers x WHERE x.coupon_id = k.id)))
     AND (k.per_customer_uses IS NULL
          OR (SELECT count(*) FROM orders o
              WHERE o.customer_id = p_customer AND o.coupon_id = k.id AND o.status <> 'cancelled') < k.per_customer_uses);
END $$;
--> statement-breakpoint
-- A cart read as JSON in one statement (decision 100): the cart row with its customer's price group (decision 157),
-- its delivery address (the customer's, not deleted) and its coupon with whether it may be used now; and its lines
-- newest first with their models' live stock, each model read by its key (a LATERAL subquery with LIMIT 1, never a
-- join the planner could turn into a walk of models). Read by loadCart and the order
-- (server/modules/cart/cart-view.ts cartStateSql). plpgsql rather than sql: a connection plans their statements once.
CREATE OR REPLACE FUNCTION comptoir_cart_head(c carts) RETURNS json LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT row_to_json(r) FROM (
    SELECT c.id, c.customer_id, c.delivery_addr_id, c.invoice_addr_id, c.pickup_method, c.shop_id, c.coupon_id, c.extra_options,
           c.freight, c.delivery_mode, c.note,
           (SELECT cu.price_group_id FROM customers cu WHERE cu.id = c.customer_id) AS price_group_id,
           (SELECT row_to_json(a) FROM (
              SELECT a.id, a.kind, a.title, a.first_name, a.last_name, a.company, a.line1, a.line2, a.zip_code, a.city, a.country, a.phone
              FROM addresses a WHERE a.id = c.delivery_addr_id AND a.customer_id = c.customer_id AND a.deleted_at IS NULL) a) AS delivery_obj,
           (SELECT row_to_json(k) FROM (
              SELECT k.id, k.code, k.customer_id, k.value::text AS value, k.amount::text AS amount, k.min_amount::text AS min_amount,
                     k.max_uses, k.uses,
                     (k.starts_at <= now() AND (k.ends_at IS NULL OR k.ends_at > now()) AND k.uses < k.max_uses
                      AND comptoir_coupon_for(k, c.customer_id)) AS valid,
                     (extract(epoch FROM CASE WHEN k.starts_at > now() THEN k.starts_at WHEN k.ends_at > now() THEN k.ends_at END)
                      * 1000)::float8 AS next_change
              FROM coupons k WHERE k.id = c.coupon_id) k) AS coupon_obj) r);
END $$;
--> statement-breakpoint
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
-- Triggers. Read-model tables: any change notifies the table name.
CREATE OR REPLACE TRIGGER categories_notify AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON categories FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER category_translations_notify AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON category_translations FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER content_pages_notify AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON content_pages FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER content_page_translations_notify AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON content_page_translations FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER model_translations_notify AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON model_translations FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER promotions_notify AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON promotions FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER related_products_notify AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON related_products FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER shops_notify AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON shops FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER shop_translations_notify AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON shop_translations FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER site_config_notify AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON site_config FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER freight_zones_notify AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON freight_zones FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER freight_zone_departments_notify AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON freight_zone_departments FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER freight_pallet_rates_notify AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON freight_pallet_rates FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER freight_parcel_rates_notify AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON freight_parcel_rates FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER freight_settings_notify AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON freight_settings FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER coupons_notify AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON coupons FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER coupon_customers_notify AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON coupon_customers FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
-- Customer groups' price lists (decision 157): kept in every process's read model, like the catalogue.
CREATE OR REPLACE TRIGGER price_groups_notify AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON price_groups FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER price_group_models_notify AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON price_group_models FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER price_group_categories_notify AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON price_group_categories FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
-- Models, products and product names: INSERT, DELETE and TRUNCATE notify the table name, UPDATEs are compared row
-- by row (decision 061).
CREATE OR REPLACE TRIGGER models_notify AFTER INSERT OR DELETE OR TRUNCATE ON models FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER models_update_notify AFTER UPDATE ON models REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_models_update();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER products_notify AFTER INSERT OR DELETE OR TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER products_update_notify AFTER UPDATE ON products REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_products_update();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER product_translations_notify AFTER INSERT OR DELETE OR TRUNCATE ON product_translations FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER product_translations_update_notify AFTER UPDATE ON product_translations REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_translations_update();
--> statement-breakpoint
-- Sessions and customers are cached by every app process (decision 007): a change that can end a session or alter
-- what it resolves to notifies them all. The 5-minute last_seen_at touch does not.
CREATE OR REPLACE TRIGGER sessions_notify AFTER DELETE OR UPDATE OF revoked_at, expires_at, created_at, customer_id, token_hash OR TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER customers_notify AFTER DELETE OR UPDATE OR TRUNCATE ON customers FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
-- A customer moved to another price group (or out of one): their cart answers show other prices ('cart:<ids>'; a
-- payload too long names the carts table, which drops every answer).
CREATE OR REPLACE FUNCTION comptoir_notify_price_group_members() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids text;
BEGIN
  SELECT string_agg(n.id::text, ',') INTO ids
  FROM changed_old o JOIN changed_new n ON n.id = o.id
  WHERE o.price_group_id IS DISTINCT FROM n.price_group_id;
  IF ids IS NULL THEN RETURN NULL; END IF;
  PERFORM pg_notify('comptoir_cache', CASE WHEN length(ids) > 7900 THEN 'carts' ELSE 'cart:' || ids END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER customers_price_group_notify AFTER UPDATE ON customers REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_price_group_members();
--> statement-breakpoint
-- Per-customer notices: notifications ('notif:'), carts, cart lines, addresses and quotations ('cart:'); TRUNCATE
-- names the table.
CREATE OR REPLACE TRIGGER notifications_insert_notify AFTER INSERT ON notifications REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_customers('notif', 'customer_id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER notifications_update_notify AFTER UPDATE ON notifications REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_customers('notif', 'customer_id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER notifications_delete_notify AFTER DELETE ON notifications REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_customers('notif', 'customer_id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER notifications_truncate_notify AFTER TRUNCATE ON notifications FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER carts_insert_notify AFTER INSERT ON carts REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_customers('cart', 'customer_id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER carts_update_notify AFTER UPDATE ON carts REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_customers('cart', 'customer_id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER carts_delete_notify AFTER DELETE ON carts REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_customers('cart', 'customer_id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER carts_truncate_notify AFTER TRUNCATE ON carts FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER cart_lines_insert_notify AFTER INSERT ON cart_lines REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_customers('cart', 'cart_id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER cart_lines_update_notify AFTER UPDATE ON cart_lines REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_customers('cart', 'cart_id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER cart_lines_delete_notify AFTER DELETE ON cart_lines REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_customers('cart', 'cart_id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER cart_lines_truncate_notify AFTER TRUNCATE ON cart_lines FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER addresses_insert_notify AFTER INSERT ON addresses REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_customers('cart', 'customer_id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER addresses_update_notify AFTER UPDATE ON addresses REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_customers('cart', 'customer_id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER addresses_delete_notify AFTER DELETE ON addresses REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_customers('cart', 'customer_id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER addresses_truncate_notify AFTER TRUNCATE ON addresses FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER quotations_insert_notify AFTER INSERT ON quotations REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_customers('cart', 'customer_id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER quotations_update_notify AFTER UPDATE ON quotations REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_customers('cart', 'customer_id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER quotations_delete_notify AFTER DELETE ON quotations REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_customers('cart', 'customer_id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER quotations_truncate_notify AFTER TRUNCATE ON quotations FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
-- The audit log is append-only for the application (DESIGN §9): changing or removing its rows is refused.
CREATE OR REPLACE FUNCTION comptoir_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION comptoir_audit_append_only();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION comptoir_audit_append_only();
