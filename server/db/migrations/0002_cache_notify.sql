-- Every change to data held in the in-memory read model notifies all app processes (LISTEN comptoir_cache).
CREATE OR REPLACE FUNCTION comptoir_notify_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('comptoir_cache', TG_TABLE_NAME);
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER categories_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE TRIGGER category_translations_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON category_translations FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE TRIGGER products_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE TRIGGER product_translations_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_translations FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE TRIGGER models_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON models FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE TRIGGER model_translations_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON model_translations FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE TRIGGER promotions_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON promotions FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE TRIGGER related_products_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON related_products FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE TRIGGER site_config_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON site_config FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE TRIGGER shops_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shops FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE TRIGGER shop_translations_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shop_translations FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE TRIGGER content_pages_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON content_pages FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
--> statement-breakpoint
CREATE TRIGGER content_page_translations_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON content_page_translations FOR EACH STATEMENT EXECUTE FUNCTION comptoir_notify_change();
