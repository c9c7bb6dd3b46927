// The route ids of the back office (admin/pages.ts names them): the shop's root and message loader recognise its
// pages by these alone, without loading the back office's page list.
import type { Namespace } from "#core/i18n/translate.ts";

/** True for a route id of the back office (`zh:admin-team` too). */
export const isAdminRoute = (id: string) => /^(zh:)?admin(-|$)/.test(id);

/** Texts a back-office page shows beyond the `admin` namespace (app/lib/messages.ts). */
export const ADMIN_MESSAGES: Readonly<Record<string, Namespace[]>> = {
  "admin-order": ["orders", "aftersales"],
  "admin-pickup-desk": ["orders"],
  "admin-deliveries": ["planning"],
  "admin-delivery-capacities": ["planning"],
  "admin-coupons": ["promotions"],
  "admin-promotions": ["promotions"],
  "admin-questions": ["questions"],
  "admin-question": ["questions"],
  "admin-quotations": ["quotations"],
  "admin-quotation": ["quotations"],
  "admin-groups": ["pricing"],
  "admin-customer": ["pricing"],
};
