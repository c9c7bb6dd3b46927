// Professional accounts may need the shop's approval before they order (a site setting, decision 143). An account
// is `approved` (every account made before the setting, and every private one), `pending` until staff decide, or
// `refused`. Only an approved account places orders; staff decide a pending account once, and may change their mind
// later (approve a refused account, refuse an approved one) with a message.
export const APPROVALS = ["approved", "pending", "refused"] as const;
export type Approval = (typeof APPROVALS)[number];
export const APPROVAL_DECISIONS = ["approve", "refuse"] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];

/** The site_config key of the setting: true, a professional account waits for approval. */
export const PRO_APPROVAL_SETTING = "proApproval";
/** The longest message staff send with a decision. */
export const APPROVAL_MESSAGE_MAX = 1000;

/** Whether an account is a professional one: it gave a company or a SIRET. */
export const isProfessional = (c: { company?: string | null; siret?: string | null }) => Boolean(c.company?.trim() || c.siret?.trim());

/** The approval of a new account: pending when the setting is on and the account is a professional one. */
export function initialApproval(settingOn: boolean, c: { company?: string | null; siret?: string | null }): Approval {
  return settingOn && isProfessional(c) ? "pending" : "approved";
}

/** Whether the setting's stored value turns it on (only `true` does: a missing row is off). */
export const approvalSettingOn = (value: unknown) => value === true;

/** Whether an account may place orders. */
export const canOrder = (approval: string) => approval === "approved";

/** The refusal key of an account that may not order, or null. */
export const orderRefusal = (approval: string) =>
  approval === "approved" ? null : approval === "refused" ? "api.account_refused" : "api.account_pending";

/** The approval a decision leads to; a decision that changes nothing is refused by the caller. */
export const approvalAfter = (d: ApprovalDecision): Approval => (d === "approve" ? "approved" : "refused");

/** The notice the buyer's pages show an account that may not order ("account.*" keys), or null. */
export const approvalNoticeKey = (approval: string) =>
  approval === "approved" ? null : approval === "refused" ? "account.approval_refused_notice" : "account.approval_pending_notice";
