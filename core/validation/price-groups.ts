// What staff send from the customer groups page (decision 157). Messages are "pricing.*" keys. A price is typed excl.
// tax with up to 4 decimals, a percentage with up to 2 ("12,5" reads as 12.5); an empty price or percentage removes it.
import { z } from "zod";
import { intField, text } from "./common.ts";

const pmsg = (name: string) => ({ error: `pricing.${name}` });

export const GROUP_NAME_MAX = 80;
export const TIER_MIN_MAX = 100_000;

const decimal = (error: string, re: RegExp) =>
  text(pmsg(error))
    .trim()
    .transform((v) => v.replace(",", "."))
    .refine((v) => v === "" || re.test(v), pmsg(error));

const name = text(pmsg("name_invalid"))
  .trim()
  .refine((v) => v.length >= 1 && v.length <= GROUP_NAME_MAX, pmsg("name_invalid"));
const id = intField(pmsg("id_invalid"));
const version = intField(pmsg("stale"));

export const priceGroupFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), name }),
  z.object({ intent: z.literal("rename"), id, version, name }),
  z.object({ intent: z.literal("delete"), id, version }),
  z.object({
    intent: z.literal("model"),
    id,
    version,
    reference: text(pmsg("reference_invalid"))
      .trim()
      .refine((v) => v.length >= 1 && v.length <= 40, pmsg("reference_invalid")),
    min_qty: intField(pmsg("min_qty_invalid"), { max: TIER_MIN_MAX }),
    /** "" removes the tier. */
    price: decimal("price_invalid", /^\d{1,8}(\.\d{1,4})?$/),
  }),
  z.object({
    intent: z.literal("category"),
    id,
    version,
    category_id: intField(pmsg("category_unknown")),
    /** "" removes the percentage. */
    percent: decimal("percent_invalid", /^\d{1,3}(\.\d{1,2})?$/).refine(
      (v) => v === "" || (Number(v) > 0 && Number(v) <= 100),
      pmsg("percent_invalid"),
    ),
  }),
]);

export type PriceGroupForm = z.infer<typeof priceGroupFormSchema>;

/** The group chosen on a customer's page: "" for none. */
export const customerGroupSchema = z.object({
  group_id: z.union([z.literal(""), intField(pmsg("id_invalid"))]).transform((v) => (v === "" ? null : v)),
});
