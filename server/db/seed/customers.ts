// Demo accounts: C100001 (Boulangerie Dupont, full history) and C100002 (Traiteur Martin, one order),
// used by the tests to check that a customer never sees another customer's data.
import type * as s from "#server/db/schema/index.ts";
import { hashPassword } from "#server/modules/accounts/password.server.ts";
import type { Catalogue, ModelRef } from "./products.ts";
import { day, fixed } from "./prng.ts";
import { addDays, shopDay } from "#core/quotations.ts";

const laterDay = (a: string, b: string) => (a > b ? a : b);
import { addWorkingDays, replyDeadline } from "#core/aftersales/deliveries.ts";
import { calendarDate } from "#core/format-date.ts";
import { returnCreditTtc } from "#core/documents/credit.ts";

const DEMO_LOGINS = [
  { clientNumber: "C100001", email: "demo@comptoir-emballage.fr", password: "Demo1234!" },
  { clientNumber: "C100002", email: "achat@traiteur-martin.fr", password: "Martin2026!" },
] as const;

// scrypt is deliberately slow: hash each demo password once per process.
const hashes = new Map<string, Promise<string>>();
const hashOnce = (pw: string) => hashes.get(pw) ?? hashes.set(pw, hashPassword(pw)).get(pw)!;

type Addr = typeof s.addresses.$inferInsert & { id: number };
type Order = typeof s.orders.$inferInsert & { id: number };
type Line = typeof s.orderLines.$inferInsert & { id: number };

type CustomerData = {
  customers: (typeof s.customers.$inferInsert & { id: number })[];
  addresses: Addr[];
  combinations: (typeof s.addressCombinations.$inferInsert & { id: number })[];
  orders: Order[];
  lines: Line[];
  /** Without their contents: the loader freezes them from the orders once the credit spent on them is in (index.ts). */
  invoices: (Omit<typeof s.invoices.$inferInsert, "contents"> & { id: number })[];
  creditNotes: (typeof s.creditNotes.$inferInsert & { id: number })[];
  creditNoteUses: (typeof s.creditNoteUses.$inferInsert & { id: number })[];
  coupons: (typeof s.coupons.$inferInsert & { id: number })[];
  quotations: (typeof s.quotations.$inferInsert & { id: number })[];
  receipts: (typeof s.receiptArrangements.$inferInsert)[];
  wishlists: (typeof s.wishlists.$inferInsert & { id: number })[];
  questions: (typeof s.questions.$inferInsert & { id: number })[];
  returns: (typeof s.returnRequests.$inferInsert & { id: number })[];
  returnLines: (typeof s.returnLines.$inferInsert & { id: number })[];
  notifications: (typeof s.notifications.$inferInsert & { id: number })[];
};

const cents = (n: number) => fixed(n / 100, 2);
const snapshot = (a: Addr) => ({
  title: a.title,
  first_name: a.firstName,
  last_name: a.lastName,
  company: a.company,
  line1: a.line1,
  line2: a.line2 ?? null,
  zip_code: a.zipCode,
  city: a.city,
  country: a.country ?? "FR",
  phone: a.phone ?? null,
});

/**
 * `now` is the seed moment: the after-sales demo (decision 082) dates two orders from it, so that on a fresh
 * start one delivered order is inside its 15-day return window and one delivery awaits a confirmation
 * whose deadline is ahead. Every other date is fixed.
 */
export async function buildCustomers(cat: Catalogue, now: Date = new Date()): Promise<CustomerData> {
  const [h1, h2] = await Promise.all(DEMO_LOGINS.map((l) => hashOnce(l.password)));
  const pick = (leaf: string, i = 0): ModelRef => {
    const ms = cat.modelsByLeaf.get(leaf);
    if (!ms?.length) throw new Error(`no model in ${leaf}`);
    return ms[i % ms.length];
  };
  const d: CustomerData = {
    customers: [],
    addresses: [],
    combinations: [],
    orders: [],
    lines: [],
    invoices: [],
    creditNotes: [],
    creditNoteUses: [],
    coupons: [],
    quotations: [],
    receipts: [],
    wishlists: [],
    questions: [],
    returns: [],
    returnLines: [],
    notifications: [],
  };
  d.customers.push(
    {
      id: 1,
      clientNumber: "C100001",
      title: "M",
      firstName: "Jean",
      lastName: "Dupont",
      company: "Boulangerie Dupont",
      siret: "81234567800019",
      email: "demo@comptoir-emballage.fr",
      phone: "0612345678",
      passwordHash: h1,
      lang: "fr",
      createdAt: day("2025-03-14"),
    },
    {
      id: 2,
      clientNumber: "C100002",
      title: "Mme",
      firstName: "Claire",
      lastName: "Martin",
      company: "Traiteur Martin",
      siret: "89876543200027",
      email: "achat@traiteur-martin.fr",
      phone: "0623456789",
      passwordHash: h2,
      lang: "fr",
      createdAt: day("2025-09-02"),
    },
  );
  d.addresses.push(
    {
      id: 1,
      customerId: 1,
      kind: "delivery",
      isDefault: true,
      title: "M",
      firstName: "Jean",
      lastName: "Dupont",
      company: "Boulangerie Dupont",
      line1: "48 rue de Charonne",
      zipCode: "75011",
      city: "Paris",
      phone: "0143572198",
    },
    {
      id: 2,
      customerId: 1,
      kind: "delivery",
      isDefault: false,
      title: "M",
      firstName: "Jean",
      lastName: "Dupont",
      company: "Boulangerie Dupont – Laboratoire",
      line1: "7 rue Gabriel-Péri",
      line2: "Bâtiment B, accès par la cour",
      zipCode: "93200",
      city: "Saint-Denis",
      phone: "0612345678",
    },
    {
      id: 3,
      customerId: 1,
      kind: "invoice",
      isDefault: true,
      title: "M",
      firstName: "Jean",
      lastName: "Dupont",
      company: "Boulangerie Dupont SARL",
      line1: "15 avenue du Général-Leclerc",
      zipCode: "94700",
      city: "Maisons-Alfort",
      phone: "0143572198",
    },
    {
      id: 5,
      customerId: 1,
      kind: "delivery",
      isDefault: false,
      title: "M",
      firstName: "Jean",
      lastName: "Dupont",
      company: "Boulangerie Dupont – Lyon Part-Dieu",
      line1: "21 rue Servient",
      zipCode: "69003",
      city: "Lyon",
      phone: "0478623145",
    },
    {
      id: 4,
      customerId: 2,
      kind: "delivery",
      isDefault: true,
      title: "Mme",
      firstName: "Claire",
      lastName: "Martin",
      company: "Traiteur Martin",
      line1: "22 rue de Fontenay",
      zipCode: "94300",
      city: "Vincennes",
      phone: "0623456789",
    },
  );
  d.combinations.push(
    { id: 1, customerId: 1, deliveryAddrId: 1, invoiceAddrId: 3 },
    { id: 2, customerId: 2, deliveryAddrId: 4, invoiceAddrId: 4 },
  );
  const addr = (id: number) => snapshot(d.addresses.find((a) => a.id === id)!);

  type Spec = {
    number: string;
    customerId: number;
    status: string;
    created: string;
    paid?: string;
    cancelled?: string;
    planned?: string;
    pickup?: boolean;
    deliv: number;
    inv: number;
    couponPct?: number;
    items: [ModelRef, number, number?][];
    note?: string;
    /** Moments (ISO) of the after-sales columns (decision 082). */
    shippedAt?: string;
    deliveredAt?: string;
    deliveryStatus?: "awaiting_confirmation" | "confirmed";
    /** Delivery by appointment asked (decision 138). */
    rdv?: boolean;
  };
  // The after-sales demo's relative dates: days before the seed's calendar day (Paris), at fixed hours.
  const today = calendarDate(now);
  const ago = (days: number, hour = 9) => new Date(day(today).getTime() - days * 86_400_000 + hour * 3_600_000).toISOString();
  const agoDay = (days: number) => ago(days, 0).slice(0, 10);
  const planned = addWorkingDays(today, 3);
  const specs: Spec[] = [
    {
      number: "CE2026-000123",
      customerId: 1,
      status: "delivered",
      created: "2026-09-08",
      paid: "2026-09-08",
      shippedAt: "2026-09-10T07:30:00.000Z",
      deliveredAt: "2026-09-11T09:15:00.000Z",
      deliv: 1,
      inv: 3,
      items: [
        [pick("sacs-pain"), 4],
        [pick("boites-patissieres"), 3],
        [pick("caissettes-dentelles"), 2],
        [pick("essuie-mains"), 2],
        [pick("gants-nitrile"), 3],
      ],
    },
    {
      number: "CE2026-000131",
      customerId: 1,
      status: "delivered",
      created: "2026-10-02",
      paid: "2026-10-02",
      shippedAt: "2026-10-05T07:30:00.000Z",
      deliveredAt: "2026-10-06T13:40:00.000Z",
      deliv: 2,
      inv: 3,
      items: [
        [pick("gobelets-carton"), 2],
        [pick("sachets-sos"), 1],
        [pick("serviettes"), 2, 0.1],
      ],
    },
    {
      number: "CE2026-000140",
      customerId: 1,
      status: "cancelled",
      created: "2026-10-20",
      cancelled: "2026-10-21",
      deliv: 1,
      inv: 3,
      items: [
        [pick("ruban-pp"), 2],
        [pick("cartons-sc-bruns"), 1],
      ],
      note: "Annulée à la demande du client.",
    },
    {
      number: "CE2026-000158",
      customerId: 1,
      status: "processing",
      created: "2026-11-17",
      paid: "2026-11-17",
      pickup: true,
      deliv: 1,
      inv: 3,
      couponPct: 0.05,
      items: [
        [pick("sacs-pain", 1), 6],
        [pick("boites-patissieres", 1), 4],
        [pick("papier-toilette"), 1],
      ],
    },
    {
      number: "CE2026-000162",
      customerId: 1,
      status: "planned",
      created: "2026-11-19",
      paid: "2026-11-19",
      planned: "2026-11-26",
      deliveryStatus: "confirmed",
      deliv: 1,
      inv: 3,
      items: [
        [pick("cartons-dc-standard"), 5],
        [pick("film-etirable-manuel"), 2],
        [pick("ruban-pp"), 3],
        [pick("essuie-mains", 1), 4],
      ],
    },
    {
      number: "CE2026-000171",
      customerId: 1,
      status: "unpaid",
      created: "2026-11-21",
      deliv: 2,
      inv: 3,
      items: [
        [pick("gobelets-carton", 1), 1],
        [pick("couvercles"), 1],
      ],
    },
    {
      number: "CE2026-000150",
      customerId: 2,
      status: "delivered",
      created: "2026-10-28",
      paid: "2026-10-28",
      shippedAt: "2026-10-29T07:30:00.000Z",
      deliveredAt: "2026-10-30T10:00:00.000Z",
      deliv: 4,
      inv: 4,
      items: [
        [pick("barquettes-aluminium"), 6],
        [pick("plateaux-traiteur"), 4],
        [pick("papier-boucherie"), 2],
      ],
    },
    // After-sales demo (decision 082), dated from the seed moment: delivered 4 days ago (return window open
    // for 11 more days), and planned for the third working day with a confirmation awaited.
    {
      number: "CE2026-000176",
      customerId: 1,
      status: "delivered",
      created: agoDay(9),
      paid: agoDay(9),
      shippedAt: ago(5, 7),
      deliveredAt: ago(4, 10),
      deliv: 1,
      inv: 3,
      items: [
        [pick("boites-patissieres", 2), 6],
        [pick("sacs-pain", 4), 10],
        [pick("gants-nitrile", 1), 2],
      ],
    },
    {
      number: "CE2026-000177",
      customerId: 1,
      status: "planned",
      created: agoDay(3),
      paid: agoDay(3),
      planned,
      deliveryStatus: "awaiting_confirmation",
      rdv: true,
      deliv: 1,
      inv: 3,
      items: [
        [pick("cartons-dc-standard", 1), 10],
        [pick("ruban-pp", 1), 6],
      ],
    },
  ];
  specs.forEach((o, i) => {
    const id = i + 1;
    let goods = 0;
    for (const [m, num, pct] of o.items) {
      const gross = Math.round((Math.round(Number(m.price) * 10000) * num) / 100); // cents, half up (positive)
      const remise = pct ? Math.round(gross * pct) : 0;
      goods += gross - remise;
      d.lines.push({
        id: d.lines.length + 1,
        orderId: id,
        modelId: m.id,
        reference: m.reference,
        designation: m.designation,
        unit: m.unit,
        price: m.price,
        num,
        tva: m.tva,
        remise: cents(remise),
        lineHt: cents(gross - remise),
      });
    }
    const freight = o.pickup || goods >= 30000 ? 0 : 2490; // free from 300 € HT (freeDeliverPrice)
    const discount = o.couponPct ? Math.round(goods * o.couponPct) : 0;
    const ht = goods + freight - discount;
    const tva = Math.round(ht * 0.2);
    d.orders.push({
      id,
      number: o.number,
      customerId: o.customerId,
      status: o.status,
      paymentMethod: "card",
      transactionId: o.paid ? `TX${o.created.replaceAll("-", "")}${String(id).padStart(6, "0")}` : null,
      paidAt: o.paid ? day(o.paid) : null,
      cancelledAt: o.cancelled ? day(o.cancelled) : null,
      plannedDeliveryDate: o.planned ?? null,
      deliveryStatus: o.deliveryStatus ?? null,
      deliveryReplyBy: o.deliveryStatus === "awaiting_confirmation" ? replyDeadline(o.planned!) : null,
      shippedAt: o.shippedAt ? new Date(o.shippedAt) : null,
      deliveredAt: o.deliveredAt ? new Date(o.deliveredAt) : null,
      pickupMethod: o.pickup ? 2 : 1,
      deliveryMode: o.pickup ? "pickup" : "pallet",
      rdv: o.rdv ?? false,
      shopId: o.pickup ? 1 : null,
      deliveryAddress: o.pickup ? null : addr(o.deliv),
      invoiceAddress: addr(o.inv),
      totalHt: cents(ht),
      totalTva: cents(tva),
      totalTtc: cents(ht + tva),
      freightHt: cents(freight),
      freightTva: cents(Math.round(freight * 0.2)),
      // charged at the tariff's general_tva (decision 116)
      freightVatRate: freight > 0 ? "0.2000" : null,
      discountAmount: cents(discount),
      note: o.note ?? null,
      createdAt: day(o.created),
    });
  });
  const invoiceOf = (orderId: number, number: string, at: string) => {
    const o = d.orders[orderId - 1];
    d.invoices.push({
      id: d.invoices.length + 1,
      number,
      orderId,
      customerId: o.customerId,
      issuedAt: day(at),
      amountHt: o.totalHt,
      amountTtc: o.totalTtc,
    });
  };
  invoiceOf(1, "FA2026-000045", "2026-09-10");
  invoiceOf(2, "FA2026-000052", "2026-10-06");
  invoiceOf(7, "FA2026-000061", "2026-10-31");
  d.creditNotes.push({
    id: 1,
    number: "AV2026-000007",
    customerId: 1,
    orderId: 2,
    issuedAt: day("2026-10-12"),
    amountTtc: "18.60",
    remainingTtc: "18.60",
    reason: "Gobelets écrasés à la livraison : avoir sur un paquet.",
  });
  d.coupons.push(
    {
      id: 1,
      code: "BIENVENUE-C100001",
      customerId: 1,
      value: "0.0500",
      minAmount: "100.00",
      startsAt: day("2026-11-01"),
      endsAt: day("2027-03-31"),
      maxUses: 1,
    },
    {
      id: 2,
      code: "FIDELITE-C100001",
      customerId: 1,
      value: "0.0500",
      minAmount: "300.00",
      startsAt: day("2026-11-01"),
      endsAt: day("2027-06-30"),
      maxUses: 3,
    },
    // Checkout demo (decision 071): a fixed amount valid for long, a spent one, an expired one, and another customer's.
    {
      id: 3,
      code: "PRO15-C100001",
      customerId: 1,
      amount: "15.00",
      minAmount: "200.00",
      startsAt: day("2026-11-01"),
      endsAt: day("2029-12-31"),
      maxUses: 5,
    },
    {
      id: 4,
      code: "RENTREE-C100001",
      customerId: 1,
      value: "0.1000",
      minAmount: "150.00",
      startsAt: day("2026-09-01"),
      endsAt: day("2029-12-31"),
      maxUses: 1,
      uses: 1,
    },
    {
      id: 5,
      code: "ETE2026-C100001",
      customerId: 1,
      value: "0.0800",
      minAmount: "0.00",
      startsAt: day("2026-06-01"),
      endsAt: day("2026-08-31"),
      maxUses: 1,
    },
    {
      id: 6,
      code: "TRAITEUR-C100002",
      customerId: 2,
      value: "0.1000",
      minAmount: "100.00",
      startsAt: day("2026-10-01"),
      endsAt: day("2029-12-31"),
      maxUses: 2,
    },
  );
  // Quotations (decision 080): DV2026-000012 stays valid on a fresh start (30 days from today at the
  // least), DV2026-000009 is an expired example.
  const quotation = (id: number, number: string, created: string, validUntil: string, items: [ModelRef, number][]) => {
    const ht = items.reduce((a, [m, n]) => a + Math.round((Math.round(Number(m.price) * 10000) * n) / 100), 0);
    d.quotations.push({
      id,
      number,
      customerId: 1,
      status: "open",
      validUntil,
      createdAt: day(created),
      lines: items.map(([m, num]) => ({
        modelId: m.id,
        reference: m.reference,
        designation: m.designation,
        price: m.price,
        num,
        tva: m.tva,
      })),
      totalHt: cents(ht),
      totalTtc: cents(ht + Math.round(ht * 0.2)),
    });
  };
  quotation(1, "DV2026-000012", "2026-11-18", laterDay("2026-12-18", addDays(shopDay(new Date()), 30)), [
    [pick("sacs-pain", 2), 20],
    [pick("boites-patissieres", 2), 10],
    [pick("sachets-sos", 1), 8],
  ]);
  quotation(2, "DV2026-000009", "2026-09-02", "2026-10-02", [
    [pick("gobelets-carton", 1), 12],
    [pick("essuie-mains", 1), 6],
  ]);
  d.receipts.push({
    customerId: 1,
    note: "Livraison par la cour, sonner au laboratoire.",
    updatedAt: day("2026-10-01"),
    days: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, morning: weekday <= 6, afternoon: weekday <= 5 && weekday !== 3 })),
  });
  [pick("sacs-pain", 3), pick("boites-patissieres", 3), pick("gobelets-carton", 2), pick("essuie-mains", 2)].forEach((m, i) =>
    d.wishlists.push({ id: i + 1, customerId: 1, modelId: m.id, kind: "wishlist", createdAt: day(`2026-10-1${i}`) }),
  );
  d.questions.push({
    id: 1,
    customerId: 1,
    orderId: 2,
    type: "livraison",
    content: "Un paquet de gobelets est arrivé écrasé, pouvez-vous le remplacer ?",
    answer: "Bonjour, nous avons établi un avoir de 18,60 € TTC utilisable sur votre prochaine commande. Toutes nos excuses.",
    createdAt: day("2026-10-08"),
    answeredAt: day("2026-10-12"),
  });
  // Returns: one refunded long ago on CE2026-000123, one accepted on the order inside its window.
  const idOf = (number: string) => d.orders.find((o) => o.number === number)!.id;
  const [martin, inWindow, awaiting] = [idOf("CE2026-000150"), idOf("CE2026-000176"), idOf("CE2026-000177")];
  const lineOf = (orderId: number, i: number) => d.lines.filter((l) => l.orderId === orderId)[i];
  d.returns.push(
    {
      id: 1,
      orderId: 1,
      customerId: 1,
      status: "refunded",
      reason: "damaged",
      comment: "Deux boîtes écrasées dans le carton.",
      createdAt: day("2026-09-14"),
      updatedAt: day("2026-09-22"),
    },
    {
      id: 2,
      orderId: inWindow,
      customerId: 1,
      status: "accepted",
      reason: "surplus",
      comment: null,
      createdAt: new Date(ago(2, 8)),
      updatedAt: new Date(ago(1, 14)),
    },
  );
  d.returnLines.push(
    { id: 1, returnId: 1, orderLineId: lineOf(1, 1).id, num: 2 },
    { id: 2, returnId: 2, orderLineId: lineOf(inWindow, 1).id, num: 4 },
  );
  // The refunded return's credit note (decision 085: a refund is a credit note), spent in full on the next order
  // (CE2026-000131): the history is complete and the balance left is AV2026-000007's alone.
  const returned = lineOf(1, 1);
  const goodsCents = d.lines.filter((l) => l.orderId === 1).reduce((sum, l) => sum + Math.round(Number(l.lineHt) * 100), 0);
  const refund = returnCreditTtc([{ line_ht: returned.lineHt, num: returned.num, tva: returned.tva!, returned: 2 }], {
    discount_amount: d.orders[0].discountAmount ?? "0",
    goods_ht: cents(goodsCents),
  });
  d.creditNotes.push({
    id: 2,
    number: "AV2026-000005",
    customerId: 1,
    orderId: 1,
    returnId: 1,
    issuedAt: day("2026-09-22"),
    amountTtc: refund,
    remainingTtc: "0.00",
  });
  d.creditNoteUses.push({ id: 1, orderId: 2, creditNoteId: 2, amount: refund, createdAt: day("2026-10-02") });
  // Notifications: some read, some not; one for Martin (never shown to the demo customer).
  const note = (
    customerId: number,
    kind: (typeof s.notifications.$inferInsert)["kind"],
    orderId: number | null,
    ref: string,
    at: string,
    read: boolean,
    vars: Record<string, string | number> = {},
  ) =>
    d.notifications.push({
      id: d.notifications.length + 1,
      customerId,
      kind,
      orderId,
      ref,
      vars,
      createdAt: new Date(at),
      readAt: read ? new Date(new Date(at).getTime() + 3_600_000) : null,
    });
  note(1, "credit_note_issued", 1, "AV2026-000005", "2026-09-22T10:00:00.000Z", true);
  note(1, "credit_note_issued", 2, "AV2026-000007", "2026-10-12T10:00:00.000Z", true);
  note(2, "order_delivered", martin, "CE2026-000150", "2026-10-30T10:00:00.000Z", false);
  note(1, "order_shipped", inWindow, "CE2026-000176", ago(5, 7), true);
  note(1, "order_delivered", inWindow, "CE2026-000176", ago(4, 10), true);
  note(1, "return_status", inWindow, "CE2026-000176", ago(1, 14), false, { status: "accepted", return_id: 2 });
  note(1, "order_planned", awaiting, "CE2026-000177", ago(1, 16), false, { date: planned });
  return d;
}
