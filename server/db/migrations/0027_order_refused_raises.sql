-- The order's final statement refuses by raising (decision 106). On PostgreSQL its COMMIT travels with it, so the
-- shop can no longer roll back after reading its result: when a stock guard or the coupon's use fails, nothing of
-- the order may be committed, and the statement raises this error instead of answering an empty order. The
-- detail says which models' stock was taken (in model id order, each only after the one before) and whether the
-- coupon's use was; the shop turns it into the buyer's message after the rollback.
CREATE OR REPLACE FUNCTION comptoir_order_refused(stocked int[], coupon_ok boolean) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'comptoir_order_refused'
    USING ERRCODE = 'P0001', DETAIL = json_build_object('stocked', stocked, 'coupon_ok', coupon_ok)::text;
END $$;
