-- Targeted invalidation (decision 061). Selling changes models.stock / purchasable_qty and products.sales_count
-- many times a second: those updates must not empty every process's caches. UPDATEs of models and products are
-- now compared row by row (transition tables); only a change of another column notifies the table name (full
-- refresh, as before). INSERT, DELETE and TRUNCATE keep the full notification of migration 0002.
DROP TRIGGER models_notify ON models;
--> statement-breakpoint
DROP TRIGGER products_notify ON products;
--> statement-breakpoint
CREATE TRIGGER models_notify AFTER INSERT OR DELETE OR TRUNCATE ON models FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE TRIGGER products_notify AFTER INSERT OR DELETE OR TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
-- An edit of catalogue columns of some products: 'edit:<product ids>' (every cache reloads as for a table name,
-- but the search index refreshes those products only); the table name when the ids do not fit.
CREATE OR REPLACE FUNCTION comptoir_notify_edit(tbl text, ids text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL THEN RETURN; END IF;
  PERFORM pg_notify('comptoir_cache', CASE WHEN length(ids) > 7900 THEN tbl ELSE 'edit:' || ids END);
END $$;
--> statement-breakpoint
-- Payloads: 'stock:<product ids>' when only stock counters of those products' models changed and no model
-- crossed zero; 'avail:<product ids>' when a model of those products went out of stock or back in (cards, list
-- facets). A payload over pg_notify's 8000 bytes falls back to the table name.
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
CREATE TRIGGER models_update_notify AFTER UPDATE ON models REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_models_update();
--> statement-breakpoint
CREATE TRIGGER products_update_notify AFTER UPDATE ON products REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_products_update();
--> statement-breakpoint
-- Product names and descriptions: an UPDATE is an edit of those products (search refreshed row by row).
DROP TRIGGER product_translations_notify ON product_translations;
--> statement-breakpoint
CREATE TRIGGER product_translations_notify AFTER INSERT OR DELETE OR TRUNCATE ON product_translations FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION comptoir_notify_translations_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM comptoir_notify_edit(TG_TABLE_NAME, (SELECT string_agg(DISTINCT x.product_id::text, ',')
    FROM (SELECT product_id FROM changed_old UNION SELECT product_id FROM changed_new) x));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_translations_update_notify AFTER UPDATE ON product_translations REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_translations_update();
--> statement-breakpoint
-- Search documents of some products only (ids), or of all (NULL, as refresh_search_documents() of 0003 did). A
-- partial refresh replaces those products' rows and adjusts the word counts; the full one also refreshes the
-- planner statistics (PGlite has no autovacuum).
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
