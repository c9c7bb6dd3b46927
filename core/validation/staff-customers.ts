// The back office's customers (DESIGN §9): the list's search, approval filter and page as read from the address's
// search parameters, and the forms of the customer page. Messages are "admin.*" keys (STAFF_CUSTOMER_KEYS) and the
// customer's "validation.page_invalid" for the page.
import { z } from "zod";
import { intField, text } from "./common.ts";
import { msg } from "./keys.ts";
import { optional, searchText } from "./staff-orders.ts";
import { APPROVALS, APPROVAL_DECISIONS, APPROVAL_MESSAGE_MAX } from "../customers/approval.ts";

/** Refusals of the customers' forms, each an "admin.*" key with a text in both languages. */
export const STAFF_CUSTOMER_KEYS = [
  "customers_approval_invalid",
  "customers_page_size_invalid",
  "customer_decision_invalid",
  "customer_message_required",
  "customer_message_too_long",
  "customer_session_invalid",
  "customers_setting_invalid",
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
