// A customer's personal data on request (decision 147), each in staffWrite with its audit row: the export of
// everything the shop holds about them (never a password hash nor a token hash), and the erasure, which replaces what
// names the person by placeholders and keeps the accounting records the law keeps (invoices, credit notes, orders).
// The audit rows say what was done and to which ids, never the erased data.
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import {
  addresses,
  attachments,
  carts,
  creditNotes,
  customers,
  idempotencyKeys,
  invoices,
  newsletterSubscriptions,
  notifications,
  orderLines,
  orders,
  outboxMessages,
  passwordResets,
  questionNotes,
  questions,
  quotations,
  receiptArrangements,
  returnLines,
  returnRequests,
  sessions,
  wishlists,
} from "#server/db/schema/index.ts";
import { afterCommit } from "#server/db/tx.ts";
import { query } from "#server/db/client.ts";
import { forbidden, notFound, refused } from "#core/domain-errors.ts";
import { can, type Permission } from "#core/staff/permissions.ts";
import { ERASED_PASSWORD, erasedIdentity, erasureBlocker, isErasedEmail } from "#core/customers/erasure.ts";
import { subscribersCsv } from "#core/customers/newsletter-csv.ts";
import { staffWrite, type StaffContext } from "#server/modules/staff/audited.ts";
import type { SessionService } from "#server/modules/accounts/sessions.service.ts";
import type { AttachmentStorage } from "#server/modules/questions/attachment-storage.ts";

function allow(ctx: StaffContext, permission: Permission) {
  if (!can(ctx.staff.roles, permission)) throw forbidden("admin.permission_denied");
}

async function customerOf(db: Db, clientNumber: string, lock: boolean) {
  const select = db.select().from(customers).where(eq(customers.clientNumber, clientNumber.trim().toUpperCase()));
  const [c] = lock ? await select.for("update") : await select;
  if (!c) throw notFound("admin.customer_not_found");
  return c;
}

export function createCustomerPrivacy(deps: { sessions: SessionService; storage: AttachmentStorage }) {
  /** Everything the shop holds about the customer, as one JSON-ready object. Audited (`data_export`). */
  async function exportData(ctx: StaffContext, clientNumber: string) {
    allow(ctx, "customers:write");
    return staffWrite(ctx, async ({ db }, audit) => {
      const c = await customerOf(db, clientNumber, false);
      // never the password hash; search_text is only a copy of the fields below
      const { passwordHash: _hash, searchText: _search, ...account } = c;
      const id = c.id;
      const orderRows = await db.select().from(orders).where(eq(orders.customerId, id)).orderBy(orders.id);
      const orderIds = orderRows.map((o) => o.id);
      const returnRows = await db.select().from(returnRequests).where(eq(returnRequests.customerId, id)).orderBy(returnRequests.id);
      const questionRows = await db.select().from(questions).where(eq(questions.customerId, id)).orderBy(questions.id);
      const questionIds = questionRows.map((q) => q.id);
      const [lines, returnLineRows, attachmentRows, noteRows] = await Promise.all([
        orderIds.length ? db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)).orderBy(orderLines.id) : [],
        returnRows.length
          ? db
              .select()
              .from(returnLines)
              .where(
                inArray(
                  returnLines.returnId,
                  returnRows.map((r) => r.id),
                ),
              )
          : [],
        // the files' metadata, not their storage keys
        db
          .select({
            id: attachments.id,
            question_id: attachments.questionId,
            name: attachments.name,
            content_type: attachments.contentType,
            size: attachments.size,
            created_at: attachments.createdAt,
          })
          .from(attachments)
          .where(eq(attachments.customerId, id)),
        // staff's internal notes about the customer's questions are data about them too
        questionIds.length
          ? db
              .select({ question_id: questionNotes.questionId, at: questionNotes.at, body: questionNotes.body })
              .from(questionNotes)
              .where(inArray(questionNotes.questionId, questionIds))
              .orderBy(questionNotes.at)
          : [],
      ]);
      const [addressRows, receiving, invoiceRows, creditNoteRows, quotationRows, wishlistRows, newsletter, sessionRows, notificationRows] =
        await Promise.all([
          db.select().from(addresses).where(eq(addresses.customerId, id)).orderBy(addresses.id),
          db.select().from(receiptArrangements).where(eq(receiptArrangements.customerId, id)),
          // the invoice's frozen contents are the PDF the customer already has: the list says which ones exist
          db
            .select({
              number: invoices.number,
              order_id: invoices.orderId,
              issued_at: invoices.issuedAt,
              amount_ht: invoices.amountHt,
              amount_ttc: invoices.amountTtc,
            })
            .from(invoices)
            .where(eq(invoices.customerId, id))
            .orderBy(invoices.id),
          db.select().from(creditNotes).where(eq(creditNotes.customerId, id)).orderBy(creditNotes.id),
          db.select().from(quotations).where(eq(quotations.customerId, id)).orderBy(quotations.id),
          db.select().from(wishlists).where(eq(wishlists.customerId, id)).orderBy(wishlists.id),
          db
            .select({
              email: newsletterSubscriptions.email,
              lang: newsletterSubscriptions.lang,
              created_at: newsletterSubscriptions.createdAt,
            })
            .from(newsletterSubscriptions)
            .where(sql`lower(${newsletterSubscriptions.email}) = lower(${c.email})`),
          // metadata only: never the token hash
          query<{
            id: number;
            created_at: string;
            last_seen_at: string;
            expires_at: string;
            revoked_at: string | null;
            user_agent: string | null;
          }>(
            db,
            sql`select s.id, s.created_at, s.last_seen_at, s.expires_at, s.revoked_at, a.user_agent
              from sessions s left join session_agents a on a.session_id = s.id
              where s.customer_id = ${id} order by s.id`,
          ),
          db.select().from(notifications).where(eq(notifications.customerId, id)).orderBy(notifications.id),
        ]);
      await audit({ entity: "customer", id: c.clientNumber, action: "data_export" });
      return {
        exported_at: new Date().toISOString(),
        account,
        addresses: addressRows,
        receiving_times: receiving[0] ?? null,
        orders: orderRows.map((o) => ({ ...o, lines: lines.filter((l) => l.orderId === o.id) })),
        invoices: invoiceRows,
        credit_notes: creditNoteRows,
        returns: returnRows.map((r) => ({ ...r, lines: returnLineRows.filter((l) => l.returnId === r.id) })),
        questions: questionRows.map((q) => ({
          ...q,
          attachments: attachmentRows.filter((a) => a.question_id === q.id),
          internal_notes: noteRows.filter((n) => n.question_id === q.id),
        })),
        quotations: quotationRows,
        quick_order_lists: wishlistRows,
        newsletter: newsletter[0] ?? null,
        sessions: sessionRows,
        notifications: notificationRows,
      };
    });
  }

  /**
   * Erases the customer's personal data, keeping the accounting records. The customer's row is locked first, so an
   * order being placed (which reads the row under a share lock) waits, then sees the account gone from under it.
   * Refused for an account with an unpaid or in-progress order, and for one already erased.
   */
  async function erase(ctx: StaffContext, clientNumber: string) {
    allow(ctx, "customers:write");
    const removedFiles = await staffWrite(ctx, async ({ db }, audit) => {
      const c = await customerOf(db, clientNumber, true);
      if (isErasedEmail(c.email)) throw refused("admin.customer_already_erased");
      const open = await db
        .select({ status: orders.status, balance_due: orders.balanceDue })
        .from(orders)
        .where(eq(orders.customerId, c.id));
      const blocker = erasureBlocker(open);
      if (blocker) throw refused(`admin.customer_erase_${blocker}`);
      const id = c.id;
      const email = c.email;
      await db
        .update(customers)
        // refused: an order already on its way to placement (waiting on this row's lock) is then refused
        .set({
          ...erasedIdentity(id),
          passwordHash: ERASED_PASSWORD,
          mustChangePassword: false,
          approval: "refused",
          approvalMessage: null,
          approvalDecidedAt: sql`now()`,
        })
        .where(eq(customers.id, id));
      const files = await db.delete(attachments).where(eq(attachments.customerId, id)).returning({ key: attachments.storageKey });
      const counts: Record<string, number> = { attachments: files.length };
      const gone = async (name: string, rows: Promise<unknown[]>) => {
        counts[name] = (await rows).length;
      };
      // the questions are no legal record: they go with their internal notes (cascade); their files went above
      await gone("questions", db.delete(questions).where(eq(questions.customerId, id)).returning({ id: questions.id }));
      await db.update(returnRequests).set({ comment: null }).where(eq(returnRequests.customerId, id));
      await gone("sessions", db.delete(sessions).where(eq(sessions.customerId, id)).returning({ id: sessions.id }));
      await gone("known_devices", query(db, sql`delete from known_devices where customer_id = ${id} returning customer_id`));
      await gone(
        "password_resets",
        db.delete(passwordResets).where(eq(passwordResets.customerId, id)).returning({ id: passwordResets.id }),
      );
      await gone("addresses", db.delete(addresses).where(eq(addresses.customerId, id)).returning({ id: addresses.id }));
      await gone(
        "receiving_times",
        db.delete(receiptArrangements).where(eq(receiptArrangements.customerId, id)).returning({ id: receiptArrangements.customerId }),
      );
      await gone("carts", db.delete(carts).where(eq(carts.customerId, id)).returning({ id: carts.id }));
      await gone("quick_order_lists", db.delete(wishlists).where(eq(wishlists.customerId, id)).returning({ id: wishlists.id }));
      await gone("notifications", db.delete(notifications).where(eq(notifications.customerId, id)).returning({ id: notifications.id }));
      await gone(
        "idempotency_keys",
        db.delete(idempotencyKeys).where(eq(idempotencyKeys.customerId, id)).returning({ id: idempotencyKeys.id }),
      );
      await gone(
        "newsletter",
        db
          .delete(newsletterSubscriptions)
          .where(sql`lower(${newsletterSubscriptions.email}) = lower(${email})`)
          .returning({ id: newsletterSubscriptions.id }),
      );
      // the e-mails sent or waiting for the address: their texts name the person
      await gone(
        "emails",
        db
          .delete(outboxMessages)
          .where(sql`lower(${outboxMessages.payload}->>'to') = lower(${email})`)
          .returning({ id: outboxMessages.id }),
      );
      // ids and counts only: never the erased data
      await audit({ entity: "customer", id: c.clientNumber, action: "erase", after: { customer_id: id, removed: counts } });
      afterCommit(deps.sessions.forgetAll); // the sessions' cache holds the customer's row
      return files.map((f) => f.key);
    });
    await Promise.all(removedFiles.map((k) => deps.storage.delete(k).catch(() => undefined)));
    return { erased: true };
  }

  /** The newsletter's subscribers as CSV (customers:read); audited, with their count only. */
  async function newsletterCsv(ctx: StaffContext) {
    allow(ctx, "customers:read");
    return staffWrite(ctx, async ({ db }, audit) => {
      const rows = await db
        .select({ email: newsletterSubscriptions.email, lang: newsletterSubscriptions.lang, created_at: newsletterSubscriptions.createdAt })
        .from(newsletterSubscriptions)
        .orderBy(newsletterSubscriptions.createdAt, newsletterSubscriptions.id);
      await audit({ entity: "newsletter", id: "subscribers", action: "export", after: { count: rows.length } });
      return subscribersCsv(rows, ctx.lang);
    });
  }

  return { exportData, erase, newsletterCsv };
}

export type CustomerPrivacy = ReturnType<typeof createCustomerPrivacy>;
