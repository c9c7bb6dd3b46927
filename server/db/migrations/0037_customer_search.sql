-- The back office's search of customers (a part of a client number, company, name, e-mail, phone or SIRET).
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin (f_search_norm("client_number" || ' ' || coalesce("company", '') || ' ' || "first_name" || ' ' || "last_name"
    || ' ' || "email" || ' ' || coalesce("phone", '') || ' ' || coalesce("siret", '')) gin_trgm_ops);