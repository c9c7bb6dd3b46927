// Login identifier (SPEC §3, §5; decision 027): client number, e-mail or phone.
// Empty: "validation.identifier_required" (fr "Veuillez saisir votre identifiant");
// not one of the three forms: "validation.identifier_invalid" (fr "Identifiant incorrect").
import { z } from "zod";
import { EMAIL_RE, text } from "./common.ts";
import { msg } from "./keys.ts";
import { isFrenchPhone } from "./phone.ts";

/** Client number: 3 to 20 letters or digits (the customers.client_number column holds 20). */
const CLIENT_NUMBER_RE = /^[A-Za-z0-9]{3,20}$/;

type IdentifierKind = "email" | "phone" | "client_number";

/** What an identifier is; null when none of the accepted forms. Phones win over all-digit client numbers of phone shape. */
export function identifierKind(text: string): IdentifierKind | null {
  const t = text.trim();
  if (t.includes("@")) return t.length <= 50 && EMAIL_RE.test(t) ? "email" : null;
  if (isFrenchPhone(t)) return "phone";
  if (CLIENT_NUMBER_RE.test(t)) return "client_number";
  return null;
}

export const identifierSchema = text(msg("identifier_required"))
  .trim()
  .min(1, { ...msg("identifier_required"), abort: true })
  .refine((t) => identifierKind(t) !== null, msg("identifier_invalid"));

/** Login form: identifier and password (required only: old passwords predate the rules). */
export const loginSchema = z.object({
  identifier: identifierSchema,
  password: text(msg("password_required")).min(1, msg("password_required")),
});
