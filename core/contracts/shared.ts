// Answer schemas more than one call shares.
import { z } from "zod";
import { ADDRESS_KINDS } from "../validation/address.ts";
import type { ListPage } from "../list-page.ts";
import type { Freight } from "../cart/types.ts";
import type { VatRow } from "../vat.ts";

/** A number, or a decimal text as NUMERIC columns give it. */
export const numeric = z.union([z.number(), z.string()]);

/** One of the caller's addresses (SPEC §3), as every answer shows it. */
export const addressAnswer = z.object({
  id: z.number(),
  kind: z.enum(ADDRESS_KINDS),
  is_default: z.boolean(),
  title: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  company: z.string().nullable(),
  line1: z.string(),
  line2: z.string().nullable(),
  zip_code: z.string(),
  city: z.string(),
  country: z.string(),
  phone: z.string().nullable(),
});

/** The one shape of a list answer (core/list-page.ts): the rows of a page, the count of all, the page and its size. */
export const listPage = <T extends z.ZodType>(row: T) =>
  z.object({ list: z.array(row), total: z.number(), page: z.number(), page_size: z.number() }) satisfies z.ZodType<ListPage<z.output<T>>>;

/** The answer of a call that answers nothing but its message. */
export const nothing = z.null();

/**
 * The freight object of SPEC §3 (core/cart/types.ts Freight). A quote gives every field, amounts as 2-decimal
 * texts; the one stored on a cart is given back as it was saved, so each field may be absent.
 */
export const freightAnswer = z.object({
  freight_ht: numeric.nullable().optional().describe("The mode's price HT for the zone and the measures, before any free delivery."),
  freight_tva: numeric.nullable().optional(),
  highway_toll_ht: numeric
    .nullable()
    .optional()
    .describe("Highway toll HT: the zone's toll per pallet times the pallet count for the pallet mode, 0 otherwise."),
  highway_toll_tva: numeric.nullable().optional(),
  freeDeliveryAmount: z
    .union([numeric, z.array(numeric)])
    .nullable()
    .optional()
    .describe(
      "The free-delivery threshold HT, or a list of thresholds indexed by pallet count (entry 0 = 1 pallet; past the list, its last entry).",
    ),
  zip_code: z.string().nullable().optional().describe("The delivery zip the quote is for (always the delivery address's)."),
  rdv_amount: numeric
    .nullable()
    .optional()
    .describe(
      "Price HT of the delivery by appointment for this mode and zip (0 where not offered); charged only when chosen, even when delivery is free.",
    ),
  general_tva: numeric.nullable().optional().describe("VAT rate of the freight, the toll, the appointment and the freight discount."),
  discount_rate: numeric
    .nullable()
    .optional()
    .describe("Freight discount rate: the cart's freightDiscount_ht = Σ min(0, price − site_price) × num × discount_rate."),
  poids: numeric.nullable().optional().describe("Weight quoted, kg."),
  volume: numeric.nullable().optional().describe("Volume quoted, m³."),
}) satisfies z.ZodType<Freight>;

/** One VAT rate's base and tax (core/vat.ts). */
export const vatRowAnswer = z.object({ rate: z.string(), base: z.string(), vat: z.string() }) satisfies z.ZodType<VatRow>;

export type FreightAnswer = z.output<typeof freightAnswer>;
