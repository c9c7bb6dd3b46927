// Validation message keys (namespace "validation"; texts in core/i18n/locales/{fr,zh}/validation.json).
// Schemas report these keys as their issue messages; the UI translates them.
import { z } from "zod";

// Every schema imports this module: no generated code in zod (its `new Function` probe is a violation of
// the pages' Content-Security-Policy, which has no 'unsafe-eval').
z.config({ jitless: true });

export const VALIDATION_KEYS = [
  "required",
  "email_required",
  "email_invalid",
  "email_too_long",
  "search_required",
  "search_too_short",
  "search_too_long",
  "password_required",
  "password_length",
  "password_uppercase",
  "password_lowercase",
  "password_digit",
  "password_special",
  "password_repeated",
  "password_whitespace",
  "password_confirm_required",
  "password_mismatch",
  "identifier_required",
  "identifier_invalid",
  "title_required",
  "first_name_required",
  "last_name_required",
  "name_too_long",
  "company_too_long",
  "siret_invalid",
  "vat_invalid",
  "address_line_required",
  "address_too_long",
  "zip_required",
  "zip_invalid",
  "city_required",
  "city_too_long",
  "phone_required",
  "phone_invalid",
  "country_invalid",
  "question_type_required",
  "feedback_content_required",
  "feedback_content_too_long",
  "order_required",
  "receiving_days_required",
  "delivery_method_required",
  "store_required",
  "address_required",
  "invoice_address_required",
  "filters_too_many",
  "volume_required",
  "volume_out_of_range",
  "volume_max_below_min",
  "control_characters",
  "invalid_value",
  "cgv_required",
  "privacy_required",
  "page_invalid",
] as const;

export type ValidationKeyName = (typeof VALIDATION_KEYS)[number];
type ValidationKey = `validation.${ValidationKeyName}`;

/** The full i18n key ("validation.email_invalid") of a message name. */
export function vk(name: ValidationKeyName): ValidationKey {
  return `validation.${name}`;
}

/** Zod message parameter for a key: `{ error: "validation.xxx" }`. */
export function msg(name: ValidationKeyName): { error: ValidationKey } {
  return { error: vk(name) };
}
