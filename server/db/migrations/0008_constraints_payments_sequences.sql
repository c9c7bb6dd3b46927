CREATE TABLE "payment_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" varchar(20) DEFAULT 'pending' NOT NULL,
	"provider_detail" jsonb,
	"error_key" varchar(80),
	CONSTRAINT "payment_attempts_outcome_ck" CHECK ("payment_attempts"."outcome" in ('pending', 'succeeded', 'failed', 'abandoned', 'error'))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"provider" varchar(20) NOT NULL,
	"provider_ref" varchar(255),
	"amount" numeric(12, 2) NOT NULL,
	"currency" char(3) DEFAULT 'EUR' NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"method" varchar(20),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payments_provider_ref_uq" UNIQUE("provider","provider_ref"),
	CONSTRAINT "payments_provider_ck" CHECK ("payments"."provider" in ('sandbox', 'stripe')),
	CONSTRAINT "payments_status_ck" CHECK ("payments"."status" in ('pending', 'succeeded', 'failed', 'cancelled', 'refunded')),
	CONSTRAINT "payments_amount_ck" CHECK ("payments"."amount" >= 0),
	CONSTRAINT "payments_currency_ck" CHECK ("payments"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "payments_paid_at_ck" CHECK ("payments"."status" not in ('succeeded', 'refunded') or "payments"."paid_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" varchar(20) NOT NULL,
	"event_id" varchar(255) NOT NULL,
	"type" varchar(80) NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "provider_events_event_uq" UNIQUE("provider","event_id"),
	CONSTRAINT "provider_events_provider_ck" CHECK ("provider_events"."provider" in ('sandbox', 'stripe'))
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"scope" varchar(40) NOT NULL,
	"key" varchar(100) NOT NULL,
	"request_hash" varchar(128) NOT NULL,
	"status" varchar(20) DEFAULT 'in_progress' NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone DEFAULT now() + interval '24 hours' NOT NULL,
	CONSTRAINT "idempotency_keys_uq" UNIQUE NULLS NOT DISTINCT("customer_id","scope","key"),
	CONSTRAINT "idempotency_keys_status_ck" CHECK ("idempotency_keys"."status" in ('in_progress', 'done')),
	CONSTRAINT "idempotency_keys_key_ck" CHECK (char_length("idempotency_keys"."key") >= 1),
	CONSTRAINT "idempotency_keys_done_ck" CHECK ("idempotency_keys"."status" <> 'done' or "idempotency_keys"."response" is not null),
	CONSTRAINT "idempotency_keys_expiry_ck" CHECK ("idempotency_keys"."expires_at" > "idempotency_keys"."created_at")
);
--> statement-breakpoint
CREATE TABLE "number_sequences" (
	"kind" varchar(20) NOT NULL,
	"year" integer NOT NULL,
	"last_value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "number_sequences_kind_year_pk" PRIMARY KEY("kind","year"),
	CONSTRAINT "number_sequences_kind_ck" CHECK ("number_sequences"."kind" in ('order', 'invoice', 'credit_note', 'quotation')),
	CONSTRAINT "number_sequences_year_ck" CHECK ("number_sequences"."year" between 2000 and 9999),
	CONSTRAINT "number_sequences_last_value_ck" CHECK ("number_sequences"."last_value" between 0 and 999999999)
);
--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_category_id_categories_id_fk";
--> statement-breakpoint
ALTER TABLE "credit_notes" DROP CONSTRAINT "credit_notes_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "credit_notes" DROP CONSTRAINT "credit_notes_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "quotations" DROP CONSTRAINT "quotations_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_attempts_payment_idx" ON "payment_attempts" USING btree ("payment_id","started_at");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "provider_events_pending_idx" ON "provider_events" USING btree ("received_at") WHERE processed_at is null;--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_idx" ON "idempotency_keys" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questions_order_idx" ON "questions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_level_ck" CHECK ("categories"."level" between 0 and 3);--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_root_ck" CHECK (("categories"."parent_id" is null) = ("categories"."level" = 0));--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_img_status_ck" CHECK ("categories"."img_status" in (0, 1));--> statement-breakpoint
ALTER TABLE "category_translations" ADD CONSTRAINT "category_translations_lang_ck" CHECK ("category_translations"."lang" in ('fr', 'zh'));--> statement-breakpoint
ALTER TABLE "model_translations" ADD CONSTRAINT "model_translations_lang_ck" CHECK ("model_translations"."lang" in ('fr', 'zh'));--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_stock_ck" CHECK ("models"."stock" >= 0);--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_purchasable_qty_ck" CHECK ("models"."purchasable_qty" >= 0);--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_price_ck" CHECK ("models"."price" >= 0 and "models"."site_price" >= 0);--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_tva_ck" CHECK ("models"."tva" >= 0 and "models"."tva" < 1);--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_measures_ck" CHECK ("models"."poids" >= 0 and "models"."volume" >= 0);--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_unit_qty_ck" CHECK ("models"."unit_qty" >= 1);--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_dimensions_ck" CHECK ("models"."length_mm" >= 0 and "models"."width_mm" >= 0 and "models"."height_mm" >= 0);--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_price_ck" CHECK ("price_history"."price" >= 0 and "price_history"."site_price" >= 0);--> statement-breakpoint
ALTER TABLE "product_translations" ADD CONSTRAINT "product_translations_lang_ck" CHECK ("product_translations"."lang" in ('fr', 'zh'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sales_count_ck" CHECK ("products"."sales_count" >= 0);--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_type_ck" CHECK ("promotions"."type" in (1, 2));--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_value_ck" CHECK ("promotions"."value" between 0 and 1);--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_min_qty_ck" CHECK ("promotions"."min_qty" >= 1);--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_threshold_pct_ck" CHECK ("promotions"."threshold_pct" between 0 and 100);--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_gifted_units_ck" CHECK ("promotions"."gifted_units" >= 1);--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_special_price_ck" CHECK ("promotions"."special_price" >= 0);--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_period_ck" CHECK ("promotions"."ends_at" is null or "promotions"."ends_at" > "promotions"."starts_at");--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_kind_ck" CHECK ("addresses"."kind" in ('delivery', 'invoice'));--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_title_ck" CHECK ("addresses"."title" in ('M', 'Mme'));--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_title_ck" CHECK ("customers"."title" in ('M', 'Mme'));--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_lang_ck" CHECK ("customers"."lang" in ('fr', 'zh'));--> statement-breakpoint
ALTER TABLE "login_throttles" ADD CONSTRAINT "login_throttles_failures_ck" CHECK ("login_throttles"."failures" >= 0);--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD CONSTRAINT "newsletter_lang_ck" CHECK ("newsletter_subscriptions"."lang" in ('fr', 'zh'));--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_attempts_ck" CHECK ("password_resets"."attempts" >= 0);--> statement-breakpoint
ALTER TABLE "wishlists" ADD CONSTRAINT "wishlists_kind_ck" CHECK ("wishlists"."kind" in ('wishlist', 'purchased'));--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_num_ck" CHECK ("cart_lines"."num" > 0);--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_pickup_method_ck" CHECK ("carts"."pickup_method" in (1, 2));--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_reduction_ck" CHECK (("coupons"."value" > 0 and "coupons"."value" <= 1 and "coupons"."amount" is null) or ("coupons"."amount" > 0 and "coupons"."value" is null));--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_min_amount_ck" CHECK ("coupons"."min_amount" >= 0);--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_uses_ck" CHECK ("coupons"."max_uses" >= 1 and "coupons"."uses" >= 0 and "coupons"."uses" <= "coupons"."max_uses");--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_period_ck" CHECK ("coupons"."ends_at" is null or "coupons"."ends_at" > "coupons"."starts_at");--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_amounts_ck" CHECK ("credit_notes"."amount_ttc" > 0 and "credit_notes"."remaining_ttc" >= 0 and "credit_notes"."remaining_ttc" <= "credit_notes"."amount_ttc");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_amounts_ck" CHECK ("invoices"."amount_ht" >= 0 and "invoices"."amount_ttc" >= "invoices"."amount_ht");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_num_ck" CHECK ("order_lines"."num" > 0);--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_price_ck" CHECK ("order_lines"."price" >= 0);--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_tva_ck" CHECK ("order_lines"."tva" >= 0 and "order_lines"."tva" < 1);--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_amounts_ck" CHECK ("order_lines"."remise" >= 0 and "order_lines"."line_ht" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_ck" CHECK ("orders"."status" in ('unpaid', 'processing', 'planned', 'shipped', 'delivered', 'cancelled'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pickup_method_ck" CHECK ("orders"."pickup_method" in (1, 2));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pickup_shop_ck" CHECK ("orders"."pickup_method" = 1 or "orders"."shop_id" is not null);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_ck" CHECK ("orders"."total_ht" >= 0 and "orders"."total_tva" >= 0 and "orders"."freight_ht" >= 0 and "orders"."freight_tva" >= 0 and "orders"."discount_amount" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_ttc_ck" CHECK ("orders"."total_ttc" = "orders"."total_ht" + "orders"."total_tva");--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_status_ck" CHECK ("quotations"."status" in ('open', 'accepted', 'ordered', 'expired', 'cancelled'));--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_amounts_ck" CHECK ("quotations"."total_ht" >= 0 and "quotations"."total_ttc" >= "quotations"."total_ht");--> statement-breakpoint
ALTER TABLE "content_page_translations" ADD CONSTRAINT "content_page_translations_lang_ck" CHECK ("content_page_translations"."lang" in ('fr', 'zh'));--> statement-breakpoint
ALTER TABLE "shop_translations" ADD CONSTRAINT "shop_translations_lang_ck" CHECK ("shop_translations"."lang" in ('fr', 'zh'));--> statement-breakpoint
-- Hand-written (decision 066): a database that already holds documents continues each yearly sequence after
-- its highest number, so new numbers never collide with existing ones. An empty database gets no rows.
INSERT INTO "number_sequences" ("kind", "year", "last_value")
SELECT "kind", substring("number" from 3 for 4)::int, max(substring("number" from 8)::int)
FROM (
	SELECT 'order' AS "kind", "number" FROM "orders" WHERE "number" ~ '^CE2[0-9]{3}-[0-9]{6,9}$'
	UNION ALL SELECT 'invoice', "number" FROM "invoices" WHERE "number" ~ '^FA2[0-9]{3}-[0-9]{6,9}$'
	UNION ALL SELECT 'credit_note', "number" FROM "credit_notes" WHERE "number" ~ '^AV2[0-9]{3}-[0-9]{6,9}$'
	UNION ALL SELECT 'quotation', "number" FROM "quotations" WHERE "number" ~ '^DV2[0-9]{3}-[0-9]{6,9}$'
) "documents"
GROUP BY 1, 2;
