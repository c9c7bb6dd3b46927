// The back office's customers (DESIGN §9): the list's search, approval filter and page as read from the address's
// search parameters, and the forms of the customer page. Messages are "admin.*" keys (STAFF_CUSTOMER_KEYS) and the
// customer's "validation.page_invalid" for the page.
import { z } from "zod";
import { intField, text } from "./common.ts";
import { msg } from "./keys.ts";
import { optional, searchText } from "./staff-orders.ts";
import { APPROVALS, APPROVAL_DECISIONS, APPROVAL_MESSAGE_MAX } from "../customers/approval.ts";
import { ON_ACCOUNT_DAYS_MAX, ON_ACCOUNT_DAYS_MIN, ON_ACCOUNT_LIMIT_MAX_CENTS } from "../customers/on-account.ts";

/** Refusals of the customers' forms, each an "admin.*" key with a text in both languages. */
export const STAFF_CUSTOMER_KEYS = [
  "customers_approval_invalid",
  "customers_page_size_invalid",
  "customer_decision_invalid",
  "customer_message_required",
  "customer_message_too_long",
  "customer_session_invalid",
  "customers_setting_invalid",
  "customer_erase_confirm_mismatch",
  "customer_terms_days_invalid",
  "customer_terms_limit_invalid",
  "customer_invoice_invalid",
  "unpaid_page_size_invalid",
] as const;
type Key = (typeof STAFF_CUSTOMER_KEYS)[number];
const amsg = (name: Key) => ({ error: `admin.${name}` });

export const STAFF_CUSTOMER_PAGE_SIZES = [20, 50, 100] as const;

/** The list's query: a search (client number, company, name, e-mail, phone, SIRET), an approval, the page and its size. */
export const staffCustomerQuerySchema = z.object({
  q: optional(searchText),
  approval: optional(z.enum(APPROVALS, amsg("customers_approval_invalid"))),
  page: optional(intField(msg("page_invalid"), { max: 1_000_000 })).transform((p) => p ?? 1),
  page_size: optional(
    intField(amsg("customers_page_size_invalid"), { max: 100 }).refine(
      (n) => (STAFF_CUSTOMER_PAGE_SIZES as readonly number[]).includes(n),
      amsg("customers_page_size_invalid"),
    ),
  ).transform((n) => n ?? STAFF_CUSTOMER_PAGE_SIZES[0]),
});
export type StaffCustomerQuery = z.output<typeof staffCustomerQuerySchema>;

/** The list's fields as the address carries them: each once, its first value. */
export function staffCustomerParams(params: URLSearchParams): Record<string, string | undefined> {
  return Object.fromEntries(["q", "approval", "page", "page_size"].map((f) => [f, params.get(f) ?? undefined]));
}

/** Approve or refuse an account: a refusal says why (the customer reads it), an approval may add a word. */
export const approvalDecisionSchema = z
  .object({
    intent: z.enum(APPROVAL_DECISIONS, amsg("customer_decision_invalid")),
    message: text(amsg("customer_message_too_long"), { multiline: true })
      .trim()
      .max(APPROVAL_MESSAGE_MAX, amsg("customer_message_too_long"))
      .optional()
      .default(""),
  })
  .refine((d) => d.intent !== "refuse" || d.message !== "", { ...amsg("customer_message_required"), path: ["message"] });
export type ApprovalDecisionInput = z.output<typeof approvalDecisionSchema>;

/** One of the customer's sessions to end. */
export const revokeSessionSchema = z.object({ session: intField(amsg("customer_session_invalid")) });

/** The approval setting: on or off. */
export const approvalSettingSchema = z.object({
  approval: z.enum(["on", "off"], amsg("customers_setting_invalid")).transform((v) => v === "on"),
});

/** The erasure's confirmation: the customer's number typed again (decision 147). */
export const eraseConfirmSchema = (clientNumber: string) =>
  z.object({
    confirm: z
      .string(amsg("customer_erase_confirm_mismatch"))
      .max(40, amsg("customer_erase_confirm_mismatch"))
      .transform((v) => v.trim().toUpperCase())
      .refine((v) => v === clientNumber.trim().toUpperCase(), amsg("customer_erase_confirm_mismatch")),
  });

const limitMsg = amsg("customer_terms_limit_invalid");

/**
 * The customer's terms on account: allowed (the form's checkbox, "on" or absent), the term in days, the outstanding
 * limit in euros ("5000", "5 000", "5000,50"), answered in cents and bounded by the column's check.
 */
export const onAccountTermsSchema = z.object({
  on_account: z
    .union([z.literal("on"), z.literal("")])
    .optional()
    .transform((v) => v === "on"),
  days: intField(amsg("customer_terms_days_invalid"), { min: ON_ACCOUNT_DAYS_MIN, max: ON_ACCOUNT_DAYS_MAX }),
  limit: text(limitMsg)
    .transform((s) => s.replace(/[\s\u00a0\u202f]/g, ""))
    .refine((s) => /^\d{1,7}(?:[.,]\d{1,2})?$/.test(s), limitMsg)
    .transform((s) => Math.round(Number(s.replace(",", ".")) * 100))
    .refine((c) => c <= ON_ACCOUNT_LIMIT_MAX_CENTS, limitMsg),
});
export type OnAccountTermsInput = z.output<typeof onAccountTermsSchema>;

/** An invoice on account whose bank transfer staff record: its number (FA2026-000012). */
export const settleInvoiceSchema = z.object({
  invoice: text(amsg("customer_invoice_invalid"))
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}\d{4}-\d{1,10}$/, amsg("customer_invoice_invalid")),
});

export const UNPAID_PAGE_SIZES = [20, 50, 100] as const;

/** The unpaid invoices' list: overdue only (the default) or every invoice on account still owed, and the page. */
export const unpaidQuerySchema = z.object({
  all: optional(z.literal("1")).transform((v) => v === "1"),
  page: optional(intField(msg("page_invalid"), { max: 1_000_000 })).transform((p) => p ?? 1),
  page_size: optional(
    intField(amsg("unpaid_page_size_invalid"), { max: 100 }).refine(
      (n) => (UNPAID_PAGE_SIZES as readonly number[]).includes(n),
      amsg("unpaid_page_size_invalid"),
    ),
  ).transform((n) => n ?? UNPAID_PAGE_SIZES[0]),
});
export type UnpaidQuery = z.output<typeof unpaidQuerySchema>;
