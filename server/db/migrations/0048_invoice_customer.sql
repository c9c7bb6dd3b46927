-- Each invoice issued before its customer block was kept gets it now, from the account as it stands: name, client
-- number and SIRET are then frozen with the rest of what the invoice says (core/documents/invoice-contents.ts).
UPDATE "invoices" i SET "contents" = i."contents" || jsonb_build_object('customer', jsonb_build_object(
  'company', c."company",
  'first_name', c."first_name",
  'last_name', c."last_name",
  'title', c."title",
  'client_number', c."client_number",
  'siret', c."siret"))
FROM "customers" c
WHERE c."id" = i."customer_id" AND NOT (i."contents" ? 'customer');
