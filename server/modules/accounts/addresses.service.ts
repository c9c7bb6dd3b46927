// Delivery and invoice addresses of the caller only (every query is scoped by customer id: no IDOR).
import { and, asc, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { addressCombinations, addresses } from "#server/db/schema/index.ts";
import { badRequest, notFound } from "#server/http/errors.ts";
import type { Address } from "#core/validation/address.ts";
import { phoneKey } from "./accounts.service.ts";

export type AddressKind = "delivery" | "invoice";
export type AddressView = {
  id: number; kind: AddressKind; is_default: boolean; title: string | null; first_name: string; last_name: string;
  company: string | null; line1: string; line2: string | null; zip_code: string; city: string; country: string; phone: string | null;
};

const view = (a: typeof addresses.$inferSelect): AddressView => ({
  id: a.id, kind: a.kind as AddressKind, is_default: a.isDefault, title: a.title, first_name: a.firstName, last_name: a.lastName,
  company: a.company, line1: a.line1, line2: a.line2, zip_code: a.zipCode, city: a.city, country: a.country, phone: a.phone,
});

export function createAddressesService(db: Db) {
  const live = (customerId: number) => and(eq(addresses.customerId, customerId), isNull(addresses.deletedAt));

  async function own(customerId: number, id: number) {
    const [row] = await db.select().from(addresses).where(and(live(customerId), eq(addresses.id, id))).limit(1);
    if (!row) throw notFound();
    return row;
  }

  async function list(customerId: number) {
    const rows = await db.select().from(addresses).where(live(customerId)).orderBy(desc(addresses.isDefault), asc(addresses.id));
    const combos = await db.select().from(addressCombinations).where(eq(addressCombinations.customerId, customerId)).orderBy(asc(addressCombinations.id));
    const ids = new Set(rows.map((r) => r.id));
    return {
      delivery: rows.filter((r) => r.kind === "delivery").map(view),
      invoice: rows.filter((r) => r.kind === "invoice").map(view),
      combinations: combos.filter((c) => ids.has(c.deliveryAddrId) && ids.has(c.invoiceAddrId))
        .map((c) => ({ id: c.id, delivery_addr_id: c.deliveryAddrId, invoice_addr_id: c.invoiceAddrId })),
    };
  }

  /** Creates (no id) or edits (id of the caller's address); the first address of a kind becomes its default. */
  async function save(customerId: number, input: Address & { id?: number; kind: AddressKind; is_default?: boolean }) {
    const values = {
      title: input.title ?? null, firstName: input.first_name, lastName: input.last_name, company: input.company || null,
      line1: input.line1, line2: input.line2 || null, zipCode: input.zip_code, city: input.city, country: input.country,
      phone: phoneKey(input.phone) ?? input.phone,
    };
    if (input.id) await own(customerId, input.id); // before the transaction: PGlite has one connection
    return db.transaction(async (tx) => {
      let row;
      if (input.id) {
        [row] = await tx.update(addresses).set(values).where(and(eq(addresses.id, input.id), eq(addresses.customerId, customerId))).returning();
      } else {
        const existing = await tx.select({ id: addresses.id }).from(addresses).where(and(live(customerId), eq(addresses.kind, input.kind))).limit(1);
        [row] = await tx.insert(addresses).values({ ...values, customerId, kind: input.kind, isDefault: existing.length === 0 }).returning();
      }
      if (input.is_default && !row.isDefault) row = await makeDefault(tx as unknown as Db, customerId, row);
      return view(row);
    });
  }

  async function makeDefault(tx: Db, customerId: number, row: typeof addresses.$inferSelect) {
    await tx.update(addresses).set({ isDefault: false }).where(and(eq(addresses.customerId, customerId), eq(addresses.kind, row.kind)));
    const [updated] = await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, row.id)).returning();
    return updated;
  }

  async function setDefault(customerId: number, id: number) {
    const row = await own(customerId, id);
    return view(await db.transaction((tx) => makeDefault(tx as unknown as Db, customerId, row)));
  }

  /** Soft delete: past orders keep their own copy; a deleted default hands over to the oldest other one. */
  async function remove(customerId: number, id: number) {
    const row = await own(customerId, id);
    await db.transaction(async (tx) => {
      await tx.update(addresses).set({ deletedAt: new Date(), isDefault: false }).where(eq(addresses.id, id));
      await tx.delete(addressCombinations).where(and(eq(addressCombinations.customerId, customerId),
        row.kind === "delivery" ? eq(addressCombinations.deliveryAddrId, id) : eq(addressCombinations.invoiceAddrId, id)));
      if (row.isDefault) {
        const [next] = await tx.select().from(addresses).where(and(live(customerId), eq(addresses.kind, row.kind))).orderBy(asc(addresses.id)).limit(1);
        if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
      }
    });
  }

  async function addCombination(customerId: number, deliveryId: number, invoiceId: number) {
    const [d, i] = [await own(customerId, deliveryId), await own(customerId, invoiceId)];
    if (d.kind !== "delivery" || i.kind !== "invoice") throw badRequest("account.address_kind_mismatch");
    const inserted = await db.insert(addressCombinations).values({ customerId, deliveryAddrId: deliveryId, invoiceAddrId: invoiceId })
      .onConflictDoNothing().returning();
    if (!inserted.length) throw badRequest("account.combination_exists");
    return { id: inserted[0].id, delivery_addr_id: deliveryId, invoice_addr_id: invoiceId };
  }

  return { list, save, setDefault, remove, addCombination };
}
