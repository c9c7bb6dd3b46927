// Customer account forms (SPEC §3 hints: title Mr or Mrs, first and last name, company, e-mail, phone, password).
import { z } from "zod";
import { acceptedField, emailSchema, optionalText, requiredId, requiredText } from "./common.ts";
import { msg } from "./keys.ts";
import { optionalPhoneSchema, titleSchema } from "./address.ts";
import { confirmSchema, currentPasswordSchema, passwordSchema, withConfirmation } from "./password.ts";
import { siretSchema, vatNumberSchema } from "./company.ts";

export const identitySchema = z.object({
  title: titleSchema,
  first_name: requiredText("first_name_required", 50, "name_too_long"),
  last_name: requiredText("last_name_required", 50, "name_too_long"),
  company: optionalText(100, "company_too_long"),
  email: emailSchema,
  phone: optionalPhoneSchema,
});

export const registrationSchema = withConfirmation(
  identitySchema.extend({
    siret: siretSchema,
    vat_number: vatNumberSchema,
    password: passwordSchema,
    confirm: confirmSchema,
    /** The buyer ticked "I have read the privacy notice" (core/legal.ts PRIVACY_NOTICE): no account without it. */
    accept_privacy: acceptedField(msg("privacy_required")),
  }),
);

/** Identity page and POST /site/Customer/editIdentity: the e-mail changes apart (it needs the password). */
export const identityUpdateSchema = identitySchema.omit({ email: true }).extend({ siret: siretSchema, vat_number: vatNumberSchema });

/** E-mail change (page and POST /site/Customer/changeEmail): the new address and the current password. */
export const emailChangeSchema = z.object({ email: emailSchema, current: currentPasswordSchema });

/** Ending one of the account's sessions (POST /site/Customer/endSession). */
export const sessionIdSchema = z.object({ id: requiredId("required") });
