ALTER TABLE "invoices" ADD COLUMN "contents" jsonb;--> statement-breakpoint
-- What each invoice issued so far says, from its order's rows as they are now (no order was edited before this
-- migration), in the shape server/modules/invoices/invoice-contents.ts writes at issue: numeric as text, paid_at in UTC.
UPDATE "invoices" i SET "contents" = jsonb_build_object(
  'lines', coalesce((
    SELECT jsonb_agg(jsonb_build_object(
      'reference', l.reference, 'designation', l.designation, 'unit', l.unit, 'price', l.price::text, 'num', l.num,
      'tva', l.tva::text, 'remise', l.remise::text, 'line_ht', l.line_ht::text, 'gifted_units', l.gifted_units
    ) ORDER BY l.id)
    FROM "order_lines" l WHERE l.order_id = o.id
  ), '[]'::jsonb),
  'total_ht', o.total_ht::text,
  'total_tva', o.total_tva::text,
  'total_ttc', o.total_ttc::text,
  'freight_ht', o.freight_ht::text,
  'freight_tva', o.freight_tva::text,
  'freight_discount_ht', o.freight_discount_ht::text,
  'freight_vat_rate', o.freight_vat_rate::text,
  'discount_amount', o.discount_amount::text,
  'payment_method', o.payment_method,
  'transaction_id', o.transaction_id,
  'paid_at', to_char(o.paid_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
  'invoice_address', o.invoice_address,
  'delivery_address', o.delivery_address,
  'credit_used', (
    SELECT coalesce(sum(u.amount), 0)::numeric(12, 2)::text
    FROM "credit_note_uses" u WHERE u.order_id = o.id AND u.released_at IS NULL
  )
) FROM "orders" o WHERE o.id = i.order_id;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "contents" SET NOT NULL;
