// "A model is in promotion": the one SQL condition (decision 067) read by the list model, the product page,
// the home cards and the search cards. Only model promotions (type 1) show on a product; other types (coupon
// scopes) are prices at checkout, not a badge. A promotion counts from starts_at until ends_at (open-ended if null).
import { sql, type SQL } from "drizzle-orm";

/** The promotions type shown as "in promotion" on cards and the product page. */
const MODEL_PROMOTION_TYPE = 1;

/** Condition on `promotions pr` (alias fixed) for the promotion of `model` (an SQL column, e.g. sql`m.id`) running now. */
export function activeModelPromotion(model: SQL): SQL {
  return sql`pr.model_id = ${model} and pr.type = ${sql.raw(String(MODEL_PROMOTION_TYPE))}
    and pr.starts_at <= now() and (pr.ends_at is null or pr.ends_at > now())`;
}

/** Whether `model` has a running model promotion (a boolean SQL expression). */
export function inPromotion(model: SQL): SQL {
  return sql`exists (select 1 from promotions pr where ${activeModelPromotion(model)})`;
}
