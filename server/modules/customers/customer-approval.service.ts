// Staff's writes on a customer (decision 143), each in staffWrite with its audit row: the decision on a professional
// account (approve or refuse, with a message the customer reads in a notice and an e-mail in their language), the
// approval setting (site_config), and ending one of the customer's sessions.
import { eq, sql } from "drizzle-orm";
import { customers, siteConfig } from "#server/db/schema/index.ts";
import { afterCommit } from "#server/db/tx.ts";
import { forbidden, notFound, refused } from "#core/domain-errors.ts";
import { can, type Permission } from "#core/staff/permissions.ts";
import { isLang } from "#core/lang.ts";
import { localePath } from "#core/slug.ts";
import { approvalAfter, PRO_APPROVAL_SETTING, type ApprovalDecision } from "#core/customers/approval.ts";
import { isErasedEmail } from "#core/customers/erasure.ts";
import { accountDecisionMail } from "#core/mail/account-mail.ts";
import { addNotification } from "#server/modules/notifications/notifications.service.ts";
import { enqueueMail } from "#server/modules/outbox/outbox.service.ts";
import { origin } from "#server/modules/orders/order-mail.ts";
import { staffWrite, type StaffContext } from "#server/modules/staff/audited.ts";
import type { SessionService } from "#server/modules/accounts/sessions.service.ts";
import { approvalSettingOf } from "./approval-setting.ts";

/** The service checks the permission again: a page's check is not the only one. */
function allow(ctx: StaffContext, permission: Permission) {
  if (!can(ctx.staff.roles, permission)) throw forbidden("admin.permission_denied");
}

export function createCustomerApproval(deps: { publicUrl: string; sessions: SessionService }) {
  /**
   * Approves or refuses the account. The row is locked first: a decision and an order being placed queue on it
   * (placement reads the approval under a share lock), and two staff deciding at once apply one after the other, the
   * second refused when it would change nothing.
   */
  async function decide(ctx: StaffContext, clientNumber: string, decision: ApprovalDecision, message: string) {
    allow(ctx, "customers:write");
    return staffWrite(ctx, async ({ db }, audit) => {
      const [c] = await db
        .select({
          id: customers.id,
          client_number: customers.clientNumber,
          email: customers.email,
          lang: customers.lang,
          approval: customers.approval,
          approval_message: customers.approvalMessage,
        })
        .from(customers)
        .where(eq(customers.clientNumber, clientNumber))
        .for("update");
      if (!c) throw notFound("admin.customer_not_found");
      // an erased account is nobody's any more: approving it would mail its placeholder address (decision 147)
      if (isErasedEmail(c.email)) throw refused("admin.customer_already_erased");
      const approval = approvalAfter(decision);
      if (c.approval === approval) throw refused(`admin.customer_already_${approval}`);
      await db
        .update(customers)
        .set({ approval, approvalMessage: message || null, approvalDecidedAt: sql`now()` })
        .where(eq(customers.id, c.id));
      await audit({
        entity: "customer",
        id: c.client_number,
        action: decision,
        before: { approval: c.approval, approval_message: c.approval_message },
        after: { approval, approval_message: message || null },
      });
      const lang = isLang(c.lang) ? c.lang : "fr";
      await addNotification(db, {
        customerId: c.id,
        kind: decision === "approve" ? "account_approved" : "account_refused",
        ref: c.client_number,
        vars: message ? { message } : {},
      });
      const url = `${origin(deps.publicUrl)}${localePath(lang, "/mon-compte")}`;
      await enqueueMail(db, { to: c.email, ...accountDecisionMail(lang, decision, { client_number: c.client_number, message }, url) });
      afterCommit(deps.sessions.forgetAll); // the sessions' cached customer rows carry the approval
      return { approval };
    });
  }

  /** Whether professional accounts wait for approval. */
  const settingOn = (ctx: Pick<StaffContext, "db">) => approvalSettingOf(ctx.db);

  /** Turns the setting on or off (accounts already registered keep their approval). */
  async function setSetting(ctx: StaffContext, on: boolean) {
    allow(ctx, "settings:write");
    return staffWrite(ctx, async (tx, audit) => {
      const before = await settingOn(tx);
      if (before === on) return { on };
      await tx.db
        .insert(siteConfig)
        .values({ key: PRO_APPROVAL_SETTING, value: on })
        .onConflictDoUpdate({ target: siteConfig.key, set: { value: on } });
      await audit({ entity: "setting", id: PRO_APPROVAL_SETTING, action: "update", before: { on: before }, after: { on } });
      return { on };
    });
  }

  /** Ends one of the customer's sessions: at their next request they are logged out, in every process. */
  async function revokeSession(ctx: StaffContext, clientNumber: string, sessionId: number) {
    allow(ctx, "customers:write");
    return staffWrite(ctx, async ({ db }, audit) => {
      const [c] = await db.select({ id: customers.id }).from(customers).where(eq(customers.clientNumber, clientNumber));
      if (!c) throw notFound("admin.customer_not_found");
      if (!(await deps.sessions.revokeById(db, c.id, sessionId))) throw refused("admin.customer_session_gone");
      await audit({
        entity: "customer",
        id: clientNumber,
        action: "session_revoke",
        before: { session: sessionId, state: "live" },
        after: { session: sessionId, state: "revoked" },
      });
      afterCommit(deps.sessions.forgetAll); // a request between the update and the commit may have cached it again
    });
  }

  return { decide, settingOn, setSetting, revokeSession };
}

export type CustomerApprovalService = ReturnType<typeof createCustomerApproval>;
