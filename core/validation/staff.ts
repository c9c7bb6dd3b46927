// Requests of the back office's login, second factor, team and audit pages (DESIGN §9). Messages are "admin.*"
// keys (STAFF_VALIDATION_KEYS), and the customer's "validation.*" ones where the rule is theirs (e-mail, new
// password, page).
import { z } from "zod";
import { emailSchema, intField, pageQuery, text } from "./common.ts";
import { msg } from "./keys.ts";
import { confirmSchema, passwordSchema, withConfirmation } from "./password.ts";
import { STAFF_ROLES } from "../staff/permissions.ts";
import { isIsoDate } from "../aftersales/deliveries.ts";

/** Refusals of this module, each an "admin.*" key with a text in both languages. */
export const STAFF_VALIDATION_KEYS = [
  "code_required",
  "code_format",
  "recovery_code_format",
  "second_factor_format",
  "password_too_long",
  "name_required",
  "name_too_long",
  "roles_required",
  "role_invalid",
  "roles_duplicate",
  "staff_invalid",
  "session_invalid",
  "entity_invalid",
  "date_invalid",
  "date_range_invalid",
] as const;
type StaffValidationKey = (typeof STAFF_VALIDATION_KEYS)[number];

const ak = (name: StaffValidationKey): `admin.${StaffValidationKey}` => `admin.${name}`;
const amsg = (name: StaffValidationKey) => ({ error: ak(name) });

/** Login: the e-mail by the customer's rule; the password only required (checked against its hash), bounded. */
export const staffLoginSchema = z.object({
  email: emailSchema,
  password: text(msg("password_required"))
    .min(1, { ...msg("password_required"), abort: true })
    .max(200, amsg("password_too_long")),
});

/** A code as typed or pasted: white space anywhere left out ("123 456"). */
const codeText = text(amsg("code_required"))
  .transform((v) => v.replace(/\s/g, ""))
  .pipe(text().min(1, amsg("code_required")));

const TOTP_RE = /^\d{6}$/;
/** Recovery codes: three groups of four lowercase letters or digits; upper case and missing dashes are read too. */
const RECOVERY_RE = /^([a-z0-9]{4})-?([a-z0-9]{4})-?([a-z0-9]{4})$/;

/** The recovery code as stored ("k3m9-p2xq-7hd4"); null when the text is not one. */
export function normaliseRecoveryCode(code: string): string | null {
  const m = RECOVERY_RE.exec(code.replace(/\s/g, "").toLowerCase());
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

/** The six digits of an authenticator app's code. */
export const totpCodeSchema = z.object({ code: codeText.pipe(text().regex(TOTP_RE, amsg("code_format"))) });

/** A single-use recovery code, normalised to lowercase with dashes. */
export const recoveryCodeSchema = z.object({
  code: codeText.transform((v, ctx) => {
    const code = normaliseRecoveryCode(v);
    if (code === null) {
      ctx.addIssue({ code: "custom", message: ak("recovery_code_format") });
      return z.NEVER;
    }
    return code;
  }),
});

export type SecondFactor = { kind: "totp"; code: string } | { kind: "recovery"; code: string };

/** The second step of a login: one field that takes either an app's code or a recovery code, told apart. */
export const staffSecondFactorSchema = z.object({ code: codeText }).transform((v, ctx): SecondFactor => {
  if (TOTP_RE.test(v.code)) return { kind: "totp", code: v.code };
  const code = normaliseRecoveryCode(v.code);
  if (code !== null) return { kind: "recovery", code };
  ctx.addIssue({ code: "custom", path: ["code"], message: ak("second_factor_format") });
  return z.NEVER;
});

/**
 * One or more roles, each once. A form's single checked box arrives as one text: read as a list of one.
 */
const rolesSchema = z.preprocess(
  (v) => (typeof v === "string" ? [v] : v),
  z
    .array(z.enum(STAFF_ROLES, amsg("role_invalid")), amsg("roles_required"))
    .min(1, amsg("roles_required"))
    .refine((roles) => new Set(roles).size === roles.length, amsg("roles_duplicate")),
);

/** Inviting a member of the team: the invitation goes to the e-mail; the name as the back office shows it. */
export const staffInviteSchema = z.object({
  email: emailSchema,
  name: text(amsg("name_required"))
    .trim()
    .min(1, { ...amsg("name_required"), abort: true })
    .max(80, amsg("name_too_long")),
  roles: rolesSchema,
});
export type StaffInviteInput = z.output<typeof staffInviteSchema>;

/** Changing a member's roles. */
export const staffRolesSchema = z.object({ roles: rolesSchema });

/** The member a team action is about. */
export const staffMemberSchema = z.object({ id: intField(amsg("staff_invalid")) });

/** One of the staff member's own sessions, to end. */
export const staffSessionSchema = z.object({ id: intField(amsg("session_invalid")) });

/** A member's own password (after an invitation or a reset): the customer's strength rule, confirmed. */
export const staffPasswordSchema = withConfirmation(z.object({ password: passwordSchema, confirm: confirmSchema }));

const AUDIT_PAGE_SIZE = 50;
/** A filter left blank in the form is no filter. */
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
const dateSchema = text(amsg("date_invalid"))
  .trim()
  .refine((d) => isIsoDate(d), amsg("date_invalid"));

/**
 * The audit log's filters: a member, an entity (the table's name: "order", "staff_user"), a range of days
 * (YYYY-MM-DD, both included, from ≤ to), and the page.
 */
export const auditQuerySchema = pageQuery({ size: AUDIT_PAGE_SIZE })
  .extend({
    staff_id: optional(intField(amsg("staff_invalid"))),
    entity: optional(
      text(amsg("entity_invalid"))
        .trim()
        .regex(/^[a-z][a-z0-9_]{0,49}$/, amsg("entity_invalid")),
    ),
    from: optional(dateSchema),
    to: optional(dateSchema),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    ...amsg("date_range_invalid"),
    path: ["to"],
  });
export type AuditQuery = z.output<typeof auditQuerySchema>;
