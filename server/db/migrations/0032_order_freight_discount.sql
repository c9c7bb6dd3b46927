-- The freight discount (SPEC §9) and the freight's VAT rate as charged, kept on the order (decision 116): documents
-- show the rate applied, never one derived from rounded amounts. Older orders kept the discount inside freight_ht
-- (0 here) and were charged freight at the tariff's general_tva.
ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts_ck";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "freight_discount_ht" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "freight_vat_rate" numeric(5, 4);--> statement-breakpoint
UPDATE "orders" SET "freight_vat_rate" = coalesce((SELECT "general_tva" FROM "freight_settings" ORDER BY "id" LIMIT 1), 0.2) WHERE "freight_ht" > 0;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_ck" CHECK ("orders"."total_ht" >= 0 and "orders"."total_tva" >= 0 and "orders"."freight_ht" >= 0 and "orders"."freight_tva" >= 0 and "orders"."discount_amount" >= 0 and "orders"."freight_discount_ht" >= 0);
