// Quotations in the back office (decision 148): the list (the customers' requests first), one quotation with its
// customer, and staff's writes — a new quotation for a customer, its lines, prices, validity and note, sending it
// by e-mail with its PDF, cancelling it. Every write is one audited transaction holding the quotation's row lock, so
// it serialises with the customer's own uses of the row (back into the cart, the order, their cancel: decision 080);
// a write made from a page older than the row (`edited`) is refused instead of overwriting someone else's change.
import { and, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { customers, models, quotations, staffUsers } from "#server/db/schema/index.ts";
import { conflict, notFound, refused } from "#core/domain-errors.ts";
import { translate } from "#core/i18n/messages.ts";
import { isLang, type Lang } from "#core/lang.ts";
import { dec } from "#core/money.ts";
import { isErasedEmail } from "#core/customers/erasure.ts";
import { addDays, quotationTotals, quoteLine, quotedAmount, shopDay, validUntil, validityDays, type QuotedLine } from "#core/quotations.ts";
import {
  canCancel,
  canEdit,
  canSend,
  deskState,
  DESK_VALIDITY_MAX_DAYS,
  QUOTATION_LINES_MAX,
  restateLine,
  type DeskState,
} from "#core/quotations-desk.ts";
import type { QuotationEditInput, StaffQuotationQuery } from "#core/validation/staff-quotations.ts";
import { staffWrite, type StaffContext } from "#server/modules/staff/audited.ts";
import { nextNumber } from "#server/modules/numbering/numbering.service.ts";
import { liveModels } from "#server/modules/cart/cart-models.ts";
import { pricedCartLine } from "#server/modules/cart/cart-view.ts";
import { customerGroupList } from "#server/modules/pricing/group-prices.ts";
import { cartChanged } from "#server/modules/cart/cart-answers.ts";
import type { CartService } from "#server/modules/cart/cart.service.ts";
import { customerMatch, literal } from "#server/modules/customers/customer-search.ts";
import { tellQuotationSent } from "./quotation-mail.ts";

export const QUOTATION_DESK_PAGE_SIZE = 25;

const today = () => shopDay(new Date());

/** The SQL of a state the staff list filters by (deskState in SQL; `day` is today in the shop's calendar). */
function stateWhere(state: DeskState, day: string): SQL {
  const q = quotations;
  const current = or(isNull(q.validUntil), sql`${q.validUntil} >= ${day}::date`)!;
  switch (state) {
    case "draft":
      return eq(q.status, "draft");
    case "request":
      return and(eq(q.status, "open"), isNull(q.sentAt), current)!;
    case "sent":
      return and(eq(q.status, "open"), isNotNull(q.sentAt), current)!;
    case "accepted":
      return and(eq(q.status, "accepted"), current)!;
    case "expired":
      return or(eq(q.status, "expired"), and(inArray(q.status, ["open", "accepted"]), sql`${q.validUntil} < ${day}::date`))!;
    default:
      return eq(q.status, state);
  }
}

/** The version a page carries back with a write: any write to the row changes it. */
const versionOf = (r: { status: string; edited_at: Date | null; sent_at: Date | null }) =>
  `${r.status}.${r.edited_at?.getTime() ?? 0}.${r.sent_at?.getTime() ?? 0}`;

const HEAD = {
  id: quotations.id,
  number: quotations.number,
  status: quotations.status,
  valid_until: sql<string | null>`${quotations.validUntil}::text`,
  created_at: quotations.createdAt,
  sent_at: quotations.sentAt,
  edited_at: quotations.editedAt,
  total_ht: sql<string>`${quotations.totalHt}::text`,
  total_ttc: sql<string>`${quotations.totalTtc}::text`,
  customer_id: quotations.customerId,
  client_number: customers.clientNumber,
  customer: sql<string>`coalesce(nullif(${customers.company}, ''), ${customers.firstName} || ' ' || ${customers.lastName})`,
  created_by: staffUsers.name,
};

export type StaffQuotationRow = Awaited<ReturnType<ReturnType<typeof createStaffQuotations>["list"]>>["list"][number];
export type StaffQuotation = Awaited<ReturnType<ReturnType<typeof createStaffQuotations>["detail"]>>;

export function createStaffQuotations(deps: { cart: CartService; publicUrl: string }) {
  const { cart } = deps;

  /** Quotations by state and search (number, client number, company, name…), the requests waiting first, then the newest. */
  async function list(q: Db, asked: StaffQuotationQuery, lang: Lang) {
    const size = QUOTATION_DESK_PAGE_SIZE;
    const day = today();
    const search = asked.q ? or(sql`${quotations.number} ilike '%' || ${literal(asked.q)} || '%'`, customerMatch(asked.q)) : undefined;
    const where = and(asked.state ? stateWhere(asked.state, day) : undefined, search);
    const waiting = stateWhere("request", day);
    const rows = await q
      .select({ ...HEAD, lines: sql<number>`jsonb_array_length(${quotations.lines})::int`, total: sql<number>`count(*) over ()::int` })
      .from(quotations)
      .innerJoin(customers, eq(customers.id, quotations.customerId))
      .leftJoin(staffUsers, eq(staffUsers.id, quotations.createdBy))
      .where(where)
      .orderBy(sql`not (${waiting})`, desc(quotations.createdAt), desc(quotations.id))
      .limit(size)
      .offset((asked.page - 1) * size);
    const total =
      rows[0]?.total ??
      (
        await q
          .select({ n: sql<number>`count(*)::int` })
          .from(quotations)
          .innerJoin(customers, eq(customers.id, quotations.customerId))
          .where(where)
      )[0].n;
    return {
      list: rows.map(({ total: _, ...r }) => {
        const state = deskState(r.status, r.sent_at, r.valid_until, day);
        return {
          ...r,
          created_at: r.created_at.toISOString(),
          sent_at: r.sent_at?.toISOString() ?? null,
          edited_at: r.edited_at?.toISOString() ?? null,
          state,
          state_text: translate(lang, `quotations.desk_state_${state}`),
        };
      }),
      total,
      page: asked.page,
      page_size: size,
    };
  }

  /** One quotation as staff see it: its lines, totals, customer, who made it, what may be done with it now. */
  async function detail(q: Db, id: number, lang: Lang) {
    const [r] = await q
      .select({
        ...HEAD,
        lines: quotations.lines,
        order_id: quotations.orderId,
        staff_note: quotations.staffNote,
        email: customers.email,
        customer_lang: customers.lang,
        order_number: sql<string | null>`(select number from orders where id = ${quotations.orderId})`,
      })
      .from(quotations)
      .innerJoin(customers, eq(customers.id, quotations.customerId))
      .leftJoin(staffUsers, eq(staffUsers.id, quotations.createdBy))
      .where(eq(quotations.id, id));
    if (!r) throw notFound();
    const day = today();
    const state = deskState(r.status, r.sent_at, r.valid_until, day);
    const totals = quotationTotals(r.lines);
    return {
      ...r,
      created_at: r.created_at.toISOString(),
      sent_at: r.sent_at?.toISOString() ?? null,
      edited_at: r.edited_at?.toISOString() ?? null,
      version: versionOf(r),
      state,
      state_text: translate(lang, `quotations.desk_state_${state}`),
      customer_lang: isLang(r.customer_lang) ? r.customer_lang : ("fr" as Lang),
      total_tva: totals.totalTva,
      lines: r.lines.map((l) => ({ ...l, amount: quotedAmount(l), unit: l.unit ?? null })),
      /** Changed after it was last sent: the customer has not seen this version. */
      changed_since_sent: !!r.sent_at && !!r.edited_at && r.edited_at > r.sent_at,
      can_edit: canEdit(r.status),
      can_send: canSend(r.status, r.valid_until, day) && r.lines.length > 0,
      can_cancel: canCancel(r.status),
      /** The last day staff may give: today + 365. */
      max_valid_until: addDays(day, DESK_VALIDITY_MAX_DAYS),
      today: day,
    };
  }

  /** The row under its lock, for a write; not found when it is not there. */
  async function locked(tx: Db, id: number) {
    const [r] = await tx
      .select({
        id: quotations.id,
        number: quotations.number,
        status: quotations.status,
        customer_id: quotations.customerId,
        valid_until: sql<string | null>`${quotations.validUntil}::text`,
        sent_at: quotations.sentAt,
        edited_at: quotations.editedAt,
        lines: quotations.lines,
        staff_note: quotations.staffNote,
      })
      .from(quotations)
      .where(eq(quotations.id, id))
      .for("update");
    if (!r) throw notFound();
    return r;
  }

  function fresh(r: Parameters<typeof versionOf>[0] & { number: string }, edited: string) {
    if (versionOf(r) !== edited) throw conflict("quotations.desk_stale", { number: r.number });
  }

  /** A new draft for the customer of a client number: no lines yet, the shop's usual validity. */
  async function create(ctx: StaffContext, clientNumber: string): Promise<{ id: number; number: string }> {
    const conf = await cart.settings();
    return staffWrite(ctx, async ({ db: tx }, audit) => {
      const [c] = await tx
        .select({ id: customers.id, email: customers.email })
        .from(customers)
        .where(eq(sql`upper(${customers.clientNumber})`, clientNumber.toUpperCase()));
      if (!c || isErasedEmail(c.email)) throw refused("quotations.desk_client_unknown", { client: clientNumber });
      const now = new Date();
      const number = await nextNumber(tx, "quotation");
      const until = validUntil(now, validityDays(conf as Record<string, unknown>));
      const [row] = await tx
        .insert(quotations)
        .values({
          number,
          customerId: c.id,
          status: "draft",
          validUntil: until,
          lines: [],
          totalHt: "0",
          totalTtc: "0",
          createdAt: now,
          createdBy: ctx.staff.id,
          editedAt: now,
        })
        .returning({ id: quotations.id, number: quotations.number });
      await audit({ entity: "quotation", id: row.id, action: "create", after: { number, customer: clientNumber, valid_until: until } });
      return row;
    });
  }

  /**
   * The lines, prices, validity and note as staff sent them: a kept line at its new quantity and unit price (the
   * promotion dropped when the price changes: core/quotations-desk.ts), a model added by reference at the catalogue's
   * price in the customer's language (it must be for sale; stock is checked when the customer orders, as for any
   * quotation). Only a draft or an open quotation: one in a cart or ordered keeps what the customer accepted.
   */
  async function edit(ctx: StaffContext, id: number, input: QuotationEditInput) {
    const day = today();
    if (input.validUntil < day || input.validUntil > addDays(day, DESK_VALIDITY_MAX_DAYS))
      throw refused("quotations.desk_validity_range", { max: String(DESK_VALIDITY_MAX_DAYS) });
    // The read model of the catalogue, in the customer's language, is read on the pool before the transaction.
    const [owner] = await ctx.db
      .select({ lang: customers.lang, customerId: quotations.customerId })
      .from(quotations)
      .innerJoin(customers, eq(customers.id, quotations.customerId))
      .where(eq(quotations.id, id));
    if (!owner) throw notFound();
    const lang: Lang = isLang(owner.lang) ? owner.lang : "fr";
    const statics = input.add ? await cart.models.catalogue(lang) : null;
    return staffWrite(ctx, async ({ db: tx }, audit) => {
      const r = await locked(tx, id);
      fresh(r, input.edited);
      if (!canEdit(r.status)) throw refused("quotations.desk_not_editable", { number: r.number });
      const byModel = new Map(r.lines.map((l) => [l.modelId, l]));
      const next: QuotedLine[] = [];
      for (const l of input.lines) {
        const old = byModel.get(l.modelId);
        if (!old) throw conflict("quotations.desk_stale", { number: r.number });
        next.push(restateLine(old, l.price, l.num));
      }
      if (input.add && statics) {
        const [m] = await tx
          .select({ id: models.id })
          .from(models)
          .where(sql`upper(${models.reference}) = upper(${input.add.reference})`)
          .limit(1);
        if (!m) throw refused("quotations.desk_reference_unknown", { ref: input.add.reference });
        if (next.some((l) => l.modelId === m.id)) throw refused("quotations.desk_line_exists", { ref: input.add.reference });
        const model = cart.models.join(statics, await liveModels(tx, [m.id])).get(m.id);
        if (!model || model.not_for_sale) throw refused("quotations.line_unavailable", { ref: input.add.reference });
        // at the customer's group price when lower (decision 157), as the cart would price it
        const group = await customerGroupList(tx, owner.customerId);
        const line = pricedCartLine({ model, num: input.add.num, id: 0, group }, lang);
        const designation = model.label && model.label !== model.reference ? `${model.name} – ${model.label}` : model.name;
        next.push(quoteLine(line, designation));
      }
      if (next.length > QUOTATION_LINES_MAX) throw refused("quotations.desk_lines_invalid");
      const totals = quotationTotals(next);
      if (dec(totals.totalTtc).gt(dec("9999999999.99"))) throw refused("quotations.desk_price_invalid");
      await tx
        .update(quotations)
        .set({
          lines: next,
          totalHt: totals.totalHt,
          totalTtc: totals.totalTtc,
          validUntil: input.validUntil,
          staffNote: input.note,
          editedAt: sql`clock_timestamp()`,
        })
        .where(eq(quotations.id, r.id));
      const shape = (ls: readonly QuotedLine[]) => Object.fromEntries(ls.map((l) => [`line ${l.reference}`, `${l.num} × ${l.price}`]));
      await audit({
        entity: "quotation",
        id: r.id,
        action: "edit",
        before: { ...shape(r.lines), valid_until: r.valid_until, note: r.staff_note },
        after: { ...shape(next), valid_until: input.validUntil, note: input.note, total_ht: totals.totalHt },
      });
      return { number: r.number };
    });
  }

  /**
   * Sends the quotation to the customer by e-mail in their language, its PDF attached (rendered by the outbox when it
   * sends), and marks it sent: a draft becomes open, so the customer sees and may order it. Refused once it cannot be
   * ordered any more (past its day, ordered, cancelled) and while it has no line.
   */
  async function send(ctx: StaffContext, id: number, edited: string) {
    return staffWrite(ctx, async ({ db: tx }, audit) => {
      const r = await locked(tx, id);
      fresh(r, edited);
      if (!canSend(r.status, r.valid_until, today())) throw refused("quotations.desk_not_sendable", { number: r.number });
      if (r.lines.length === 0) throw refused("quotations.desk_no_lines", { number: r.number });
      const status = r.status === "draft" ? "open" : r.status;
      const [c] = await tx.select({ email: customers.email, lang: customers.lang }).from(customers).where(eq(customers.id, r.customer_id));
      if (isErasedEmail(c.email)) throw refused("quotations.desk_client_unknown", { client: "" });
      await tx
        .update(quotations)
        .set({ status, sentAt: sql`clock_timestamp()` })
        .where(eq(quotations.id, r.id));
      const lang: Lang = isLang(c.lang) ? c.lang : "fr";
      await tellQuotationSent(
        tx,
        { id: r.id, number: r.number, customerId: r.customer_id, email: c.email, lang, validUntil: r.valid_until },
        deps.publicUrl,
      );
      await audit({ entity: "quotation", id: r.id, action: "send", before: { status: r.status }, after: { status, to: c.email, lang } });
      if (status !== r.status) cartChanged([r.customer_id]);
      return { number: r.number, email: c.email };
    });
  }

  /** Cancels a quotation not yet ordered; its lines in the customer's cart go back to catalogue prices. */
  async function cancel(ctx: StaffContext, id: number, edited: string) {
    return staffWrite(ctx, async ({ db: tx }, audit) => {
      const r = await locked(tx, id);
      fresh(r, edited);
      if (!canCancel(r.status)) throw refused("quotations.desk_not_cancellable", { number: r.number });
      await tx
        .update(quotations)
        .set({ status: "cancelled", editedAt: sql`clock_timestamp()` })
        .where(and(eq(quotations.id, r.id), inArray(quotations.status, ["draft", "open", "accepted"])));
      await audit({ entity: "quotation", id: r.id, action: "cancel", before: { status: r.status }, after: { status: "cancelled" } });
      cartChanged([r.customer_id]);
      return { number: r.number };
    });
  }

  return { list, detail, create, edit, send, cancel };
}

export type StaffQuotations = ReturnType<typeof createStaffQuotations>;
