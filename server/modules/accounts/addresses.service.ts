// Delivery and invoice addresses of the caller only (every query is scoped by customer id: no IDOR).
import { and, asc, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { Context } from "#server/context.ts";
import { addressCombinations, addresses } from "#server/db/schema/index.ts";
import { notFound, refused } from "#core/domain-errors.ts";
import { withTransaction } from "#server/db/tx.ts";
import type { Address } from "#core/validation/address.ts";
import { phoneKey } from "./accounts.service.ts";

import type { AddressKind, AddressView } from "#core/account.ts";
import type { AddressBookAnswer, CombinationAnswer } from "#core/contracts/accounts.ts";
import { cartChanged } from "#server/modules/cart/cart-answers.ts";

const view = (a: typeof addresses.$inferSelect): AddressView => ({
  id: a.id,
  kind: a.kind as AddressKind,
  is_default: a.isDefault,
  title: a.title,
  first_name: a.firstName,
  last_name: a.lastName,
  company: a.company,
  line1: a.line1,
  line2: a.line2,
  zip_code: a.zipCode,
  city: a.city,
  country: a.country,
  phone: a.phone,
});

/** Every use case takes the caller's context first (decision 132); `ctx.db` is the pool or the caller's transaction. */
export function createAddressesService() {
  const live = (customerId: number) => and(eq(addresses.customerId, customerId), isNull(addresses.deletedAt));

  async function own(q: Db, customerId: number, id: number) {
    const [row] = await q
      .select()
      .from(addresses)
      .where(and(live(customerId), eq(addresses.id, id)))
      .limit(1);
    if (!row) throw notFound();
    return row;
  }

  async function list({ db: q, customer }: Context): Promise<AddressBookAnswer> {
    const customerId = customer.id;
    const rows = await q.select().from(addresses).where(live(customerId)).orderBy(desc(addresses.isDefault), asc(addresses.id));
    const combos = await q
      .select()
      .from(addressCombinations)
      .where(eq(addressCombinations.customerId, customerId))
      .orderBy(asc(addressCombinations.id));
    const ids = new Set(rows.map((r) => r.id));
    return {
      delivery: rows.filter((r) => r.kind === "delivery").map(view),
      invoice: rows.filter((r) => r.kind === "invoice").map(view),
      combinations: combos
        .filter((c) => ids.has(c.deliveryAddrId) && ids.has(c.invoiceAddrId))
        .map((c) => ({ id: c.id, delivery_addr_id: c.deliveryAddrId, invoice_addr_id: c.invoiceAddrId })),
    };
  }

  /** Creates (no id) or edits (id of the caller's address); the first address of a kind becomes its default. */
  async function save({ db: q, customer }: Context, input: Address & { id?: number; kind: AddressKind; is_default?: boolean }) {
    const customerId = customer.id;
    const values = {
      title: input.title ?? null,
      firstName: input.first_name,
      lastName: input.last_name,
      company: input.company || null,
      line1: input.line1,
      line2: input.line2 || null,
      zipCode: input.zip_code,
      city: input.city,
      country: input.country,
      phone: phoneKey(input.phone) ?? input.phone,
    };
    return withTransaction(q, async (tx) => {
      if (input.id) await own(tx, customerId, input.id);
      let row;
      if (input.id) {
        [row] = await tx
          .update(addresses)
          .set(values)
          .where(and(eq(addresses.id, input.id), eq(addresses.customerId, customerId)))
          .returning();
      } else {
        const existing = await tx
          .select({ id: addresses.id })
          .from(addresses)
          .where(and(live(customerId), eq(addresses.kind, input.kind)))
          .limit(1);
        [row] = await tx
          .insert(addresses)
          .values({ ...values, customerId, kind: input.kind, isDefault: existing.length === 0 })
          .returning();
      }
      if (input.is_default && !row.isDefault) row = await makeDefault(tx, customerId, row);
      cartChanged([customerId]); // the cart's delivery address gives its freight
      return view(row);
    });
  }

  async function makeDefault(tx: Db, customerId: number, row: typeof addresses.$inferSelect) {
    await tx
      .update(addresses)
      .set({ isDefault: false })
      .where(and(eq(addresses.customerId, customerId), eq(addresses.kind, row.kind)));
    const [updated] = await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, row.id)).returning();
    cartChanged([customerId]);
    return updated;
  }

  async function setDefault({ db: q, customer }: Context, id: number) {
    return view(await withTransaction(q, async (tx) => makeDefault(tx, customer.id, await own(tx, customer.id, id))));
  }

  /** Soft delete: past orders keep their own copy; a deleted default hands over to the oldest other one. */
  async function remove({ db: q, customer }: Context, id: number) {
    const customerId = customer.id;
    await withTransaction(q, async (tx) => {
      const row = await own(tx, customerId, id);
      await tx.update(addresses).set({ deletedAt: new Date(), isDefault: false }).where(eq(addresses.id, id));
      await tx
        .delete(addressCombinations)
        .where(
          and(
            eq(addressCombinations.customerId, customerId),
            row.kind === "delivery" ? eq(addressCombinations.deliveryAddrId, id) : eq(addressCombinations.invoiceAddrId, id),
          ),
        );
      if (row.isDefault) {
        const [next] = await tx
          .select()
          .from(addresses)
          .where(and(live(customerId), eq(addresses.kind, row.kind)))
          .orderBy(asc(addresses.id))
          .limit(1);
        if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
      }
      cartChanged([customerId]);
    });
  }

  async function addCombination({ db: q, customer }: Context, deliveryId: number, invoiceId: number): Promise<CombinationAnswer> {
    const customerId = customer.id;
    const [d, i] = [await own(q, customerId, deliveryId), await own(q, customerId, invoiceId)];
    if (d.kind !== "delivery" || i.kind !== "invoice") throw refused("account.address_kind_mismatch");
    const inserted = await q
      .insert(addressCombinations)
      .values({ customerId, deliveryAddrId: deliveryId, invoiceAddrId: invoiceId })
      .onConflictDoNothing()
      .returning();
    if (!inserted.length) throw refused("account.combination_exists");
    return { id: inserted[0].id, delivery_addr_id: deliveryId, invoice_addr_id: invoiceId };
  }

  return { list, save, setDefault, remove, addCombination };
}
