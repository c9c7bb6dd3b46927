// Address fields (SPEC §3; decision 027): French zip codes and phone numbers.
import { z } from "zod";
import { intField, optionalText, requiredId, requiredText, text } from "./common.ts";
import { msg } from "./keys.ts";
import { isFrenchPhone } from "./phone.ts";

/** 5 digits, département 01–95 or overseas 97/98 (Corsica uses 20xxx). */
const FRENCH_ZIP_RE = /^(?:0[1-9]|[1-8]\d|9[0-5]|9[78])\d{3}$/;

export function isFrenchZip(zip: string): boolean {
  return FRENCH_ZIP_RE.test(zip.trim());
}

export const titleSchema = z.enum(["M", "Mme"], msg("title_required"));

const zipCodeSchema = text(msg("zip_required"))
  .trim()
  .min(1, { ...msg("zip_required"), abort: true })
  .regex(FRENCH_ZIP_RE, msg("zip_invalid"));

const phoneSchema = text(msg("phone_required"))
  .trim()
  .min(1, { ...msg("phone_required"), abort: true })
  .refine(isFrenchPhone, msg("phone_invalid"));

export const optionalPhoneSchema = text(msg("phone_invalid"))
  .trim()
  .refine((p) => p === "" || isFrenchPhone(p), msg("phone_invalid"))
  .optional()
  .default("");

export const addressSchema = z.object({
  title: titleSchema.optional(),
  first_name: requiredText("first_name_required", 50, "name_too_long"),
  last_name: requiredText("last_name_required", 50, "name_too_long"),
  company: optionalText(100, "company_too_long"),
  line1: requiredText("address_line_required", 100, "address_too_long"),
  line2: optionalText(100, "address_too_long"),
  zip_code: zipCodeSchema,
  city: requiredText("city_required", 60, "city_too_long"),
  country: z.literal("FR", msg("country_invalid")).optional().default("FR"),
  phone: phoneSchema,
});

export type Address = z.output<typeof addressSchema>;

export const ADDRESS_KINDS = ["delivery", "invoice"] as const;
export type AddressKind = (typeof ADDRESS_KINDS)[number];

/** Address form and POST /site/Customer/saveAddress: the fields, the kind, and the id when editing. */
export const addressBodySchema = addressSchema.extend({
  id: intField(msg("address_required")).optional(),
  kind: z.enum(ADDRESS_KINDS, msg("address_required")),
  is_default: z.boolean().optional(),
});

/** One of the caller's addresses (delete, make default). */
export const addressIdSchema = z.object({ id: requiredId("address_required") });

/** A delivery address paired with an invoice address (page and POST /site/Customer/addAddressCombination). */
export const addressCombinationSchema = z.object({
  delivery_addr_id: requiredId("address_required"),
  invoice_addr_id: requiredId("invoice_address_required"),
});
