-- Product search (decision 050): one search document per product and language, plus every reference
-- (product and model) in a table of its own. Both are derived data, rebuilt by refresh_search_documents(),
-- which the search service calls once after each committed catalogue change (read-cache notification).
-- unaccent() is only STABLE (it reads its dictionary): wrap it in an IMMUTABLE function for index expressions.
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
-- Normalised text: lower case, no accents, "×" and "*" read as "x", spaces squeezed.
CREATE OR REPLACE FUNCTION f_search_norm(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT btrim(regexp_replace(translate(lower(public.f_unaccent($1)), '×*’', 'xx'''), '\s+', ' ', 'g')) $$;
--> statement-breakpoint
CREATE TABLE search_documents (
  product_id integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  lang varchar(2) NOT NULL,
  name_norm text NOT NULL,   -- the product name in this language, normalised
  text_norm text NOT NULL,   -- name, categories, brand, material, colour, capacities (this language, then French)
  doc tsvector NOT NULL,     -- fr rows: French full text (french config, unaccented): A name, B categories, C attributes, D capacities; zh rows: empty (the French row serves both)
  dims text[] NOT NULL,      -- fr rows: model dimensions '400x300mm', '400x300x300mm', '40x30cm', '40x30x30cm'; zh rows: empty
  PRIMARY KEY (lang, product_id)
);
--> statement-breakpoint
CREATE INDEX search_documents_doc_idx ON search_documents USING gin (doc);
--> statement-breakpoint
CREATE INDEX search_documents_text_trgm_idx ON search_documents USING gin (text_norm gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX search_documents_dims_idx ON search_documents USING gin (dims);
--> statement-breakpoint
CREATE TABLE search_refs (
  ref text NOT NULL,          -- lower-cased product or model reference
  product_id integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  model_ref varchar(40)       -- the model reference as written, null for a product reference
);
--> statement-breakpoint
CREATE INDEX search_refs_ref_idx ON search_refs (ref text_pattern_ops);
--> statement-breakpoint
-- Words of the documents (French, unaccented), for typo correction by trigram similarity.
CREATE TABLE search_words (
  word text PRIMARY KEY,
  freq integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_search_documents() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE n integer;
BEGIN
  -- One refresh at a time (several app processes may be notified of the same change).
  PERFORM pg_advisory_xact_lock(743201);
  DELETE FROM search_refs;
  DELETE FROM search_words;
  DELETE FROM search_documents;
  INSERT INTO search_refs (ref, product_id, model_ref)
    SELECT lower(p.reference), p.id, NULL FROM products p
    WHERE p.active AND EXISTS (SELECT 1 FROM models m WHERE m.product_id = p.id AND NOT m.not_for_sale)
    UNION ALL
    SELECT lower(m.reference), m.product_id, m.reference
    FROM models m JOIN products p ON p.id = m.product_id
    WHERE p.active AND NOT m.not_for_sale;
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
    WHERE NOT m.not_for_sale AND m.capacity IS NOT NULL
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
    WHERE NOT m.not_for_sale AND d.token IS NOT NULL
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
    WHERE p.active AND EXISTS (SELECT 1 FROM models m WHERE m.product_id = p.id AND NOT m.not_for_sale)
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
    WHERE d.lang = 'fr' AND w ~ '^[a-z]{3,}$'
    GROUP BY w;
  -- Fresh statistics, so that selective texts use the GIN indexes (PGlite has no autovacuum).
  ANALYZE search_documents;
  ANALYZE search_refs;
  ANALYZE search_words;
  RETURN n;
END $$;
