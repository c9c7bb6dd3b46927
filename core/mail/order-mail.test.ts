import { describe, expect, it } from "vitest";
import { translate } from "../i18n/messages.ts";
import { creditNoteMail } from "./credit-note-mail.ts";
import { mailOrderOf, mailTotalsRows, orderConfirmationMail, paymentMail, shippingMail, type MailOrder } from "./order-mail.ts";
import type { OrderDetailAnswer } from "../contracts/orders.ts";

const ORDER: MailOrder = {
  number: "CE2026-000200",
  lines: [
    { reference: "CAR-001", designation: "Carton simple cannelure", unit: "carton", num: 10, line_ht: "125.00", gifted_units: 2 },
    { reference: "RUB-PP", designation: "Ruban <adhésif> & co", unit: "pièce", num: 1, line_ht: "4.50", gifted_units: 0 },
  ],
  pickup_method: 1,
  delivery_mode: "pallet",
  delivery_address: {
    first_name: "Zoé",
    last_name: "Martin",
    company: "Cartons <b>&</b> Fils",
    line1: "3 rue Haute",
    zip_code: "75011",
    city: "Paris",
  },
  invoice_address: { first_name: "Zoé", last_name: "Martin", line1: "5 rue Basse", zip_code: "75011", city: "Paris" },
  shop: null,
  money: {
    goods_ht: "129.50",
    discount_amount: "0.00",
    freight_ht: "54.70",
    freight_discount_ht: "5.00",
    total_ht: "184.20",
    vat: [
      { rate: "0.2000", base: "179.70", vat: "35.94" },
      { rate: "0.0550", base: "4.50", vat: "0.25" },
    ],
    total_tva: "36.19",
    total_ttc: "220.39",
    credit_used: "18.60",
    amount_due: "201.79",
  },
};
const LINKS = { order: "https://shop.example/order-detail?id=CE2026-000200" };
const nb = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

describe("order e-mails", () => {
  it("confirmation: lines in HT, delivery mode and addresses, the breakdown with VAT by rate, credit and card, in French", () => {
    const m = orderConfirmationMail("fr", ORDER, false, LINKS);
    expect(m.subject).toBe("Votre commande CE2026-000200 est enregistrée");
    const text = nb(m.text);
    for (const s of [
      "en attente de paiement",
      "- CAR-001 Carton simple cannelure : 10 cartons (+2 offerts), 125,00 € HT",
      "Mode de livraison : Livraison sur palette",
      "Adresse de livraison :\nZoé Martin\nCartons <b>&</b> Fils\n3 rue Haute\n75011 Paris",
      "Adresse de facturation :\nZoé Martin\n5 rue Basse",
      "Livraison HT : 59,70 €",
      "Remise sur frais de port HT : -5,00 €",
      "TVA 20 % (base 179,70 €) : 35,94 €",
      "TVA 5,5 % (base 4,50 €) : 0,25 €",
      "Total TTC : 220,39 €",
      "Avoir déduit : -18,60 €",
      "Reste à payer par carte : 201,79 €",
      `Payer ma commande : ${LINKS.order}`,
    ])
      expect(text, s).toContain(s);
    // the HTML says the same, escaped
    const page = nb(m.html);
    expect(page).toContain('<html lang="fr">');
    expect(page).toContain("Cartons &lt;b&gt;&amp;&lt;/b&gt; Fils");
    expect(page).toContain("Ruban &lt;adhésif&gt; &amp; co");
    expect(page).not.toContain("<b>&</b>");
    for (const s of ["125,00 € HT", "Remise sur frais de port HT", "-5,00 €", "TVA 5,5 % (base 4,50 €)", "Avoir déduit", "201,79 €"])
      expect(page, s).toContain(s);
    expect(page).toContain(`<a href="${LINKS.order}"`);
  });

  it("confirmation in Chinese, and of an order the credit paid whole", () => {
    const m = orderConfirmationMail("zh", { ...ORDER, money: { ...ORDER.money, credit_used: "220.39", amount_due: "0.00" } }, true, LINKS);
    expect(m.subject).toBe("您的订单 CE2026-000200 已提交");
    expect(m.text).toContain("已用退款凭证支付");
    expect(nb(m.text)).toContain("- CAR-001 Carton simple cannelure：10 箱（另赠 2 件），€125.00 不含税");
    expect(m.text).toContain("配送方式：托盘配送");
    expect(m.text).toContain("运费折扣（不含税）：-€5.00");
    expect(m.text).toContain("含税总额：€220.39");
    expect(m.text).toContain("银行卡支付：€0.00");
    expect(m.text).not.toMatch(/Bonjour|Livraison|Total/);
    expect(m.html).toContain('<html lang="zh-CN">');
    expect(m.html).toContain("增值税 5.5%（基数 €4.50）");
  });

  it("payment: the card's part as the amount paid, the invoice named with its link; a credit note alone has no card rows", () => {
    const facts = {
      invoice: "FA2026-000100",
      amount: "201.79",
      method: "card",
      date: "12/03/2026",
      byCredit: false,
      links: { ...LINKS, invoice: "https://shop.example/documents/invoice/9.pdf" },
    };
    const card = paymentMail("fr", ORDER, facts);
    expect(card.subject).toBe("Paiement reçu pour votre commande CE2026-000200 – facture FA2026-000100");
    expect(nb(card.text)).toContain("paiement de 201,79 € TTC pour la commande CE2026-000200 (carte bancaire, le 12/03/2026)");
    expect(nb(card.text)).toContain("Payé par carte : 201,79 €");
    expect(card.text).toContain("Votre facture FA2026-000100 est jointe à ce message");
    expect(card.html).toContain('href="https://shop.example/documents/invoice/9.pdf"');
    const credit = paymentMail("fr", ORDER, { ...facts, amount: "220.39", method: "credit_note", byCredit: true });
    expect(nb(credit.text)).toContain("paiement de 220,39 € TTC pour la commande CE2026-000200 (avoir, le 12/03/2026)");
    expect(credit.text).not.toContain("Avoir déduit");
    expect(credit.text).not.toContain("Payé par carte");
  });

  it("shipping: the date, a store pickup names its store, zh in Chinese", () => {
    const m = shippingMail("fr", ORDER, { date: "12 mars 2026", links: LINKS });
    expect(m.subject).toBe("Votre commande CE2026-000200 est expédiée");
    expect(m.text).toContain("remise au transporteur le 12 mars 2026");
    expect(nb(m.text)).toContain("Payé par carte : 201,79 €");
    const pickup = {
      ...ORDER,
      pickup_method: 2,
      delivery_mode: "pickup",
      delivery_address: null,
      shop: { name: "Comptoir Aubervilliers", address: "12 rue de la Haie-Coq" },
    };
    const p = shippingMail("zh", pickup, { date: "2026年3月12日", links: LINKS });
    expect(p.subject).toBe("您的订单 CE2026-000200 已发货");
    expect(p.text).toContain("配送方式：门店自提\n自提门店：\nComptoir Aubervilliers\n12 rue de la Haie-Coq");
  });

  it("reads an order detail as the pages show it", () => {
    const detail = {
      number: "CE1",
      lines: ORDER.lines,
      pickup_method: 1,
      delivery_mode: "parcel",
      delivery_address: ORDER.delivery_address,
      invoice_address: null,
      shop: null,
      totals: { ...ORDER.money, freight_tva: "10.94", vat: ORDER.money.vat! },
      credit_used: "0.00",
      amount_due: "220.39",
    } as unknown as OrderDetailAnswer;
    const o = mailOrderOf(detail);
    expect(o.money).toMatchObject({ total_ttc: "220.39", credit_used: "0.00", amount_due: "220.39" });
    expect(mailTotalsRows("fr", o.money, true).map((r) => r.label)).not.toContain(translate("fr", "orders.credit_used"));
  });
});

describe("credit-note e-mail", () => {
  it("says the note, its origin, HT, VAT by rate, TTC and the balance, fr and zh", () => {
    const note = {
      number: "AV2026-000009",
      amount_ttc: "65.80",
      remaining_ttc: "65.80",
      vat: {
        ht: "55.50",
        rows: [
          { rate: "0.2000", base: "50.00", vat: "10.00" },
          { rate: "0.0550", base: "5.50", vat: "0.30" },
        ],
      },
      order_number: "CE2026-000176",
      reason: "Retour <x>",
    };
    const links = { pdf: "https://shop.example/documents/credit-note/3.pdf", creditNotes: "https://shop.example/avoirs" };
    const fr = creditNoteMail("fr", note, links);
    expect(fr.subject).toBe("Un avoir AV2026-000009 a été émis à votre nom");
    for (const s of [
      "d'un montant de 65,80 € TTC",
      "Total HT : 55,50 €",
      "TVA 20 % (base 50,00 €) : 10,00 €",
      "TVA 5,5 % (base 5,50 €) : 0,30 €",
      "Solde disponible TTC : 65,80 €",
    ])
      expect(nb(fr.text), s).toContain(s);
    expect(fr.html).toContain("Retour &lt;x&gt;");
    expect(fr.html).toContain(`href="${links.pdf}"`);
    const zh = creditNoteMail("zh", note, { ...links, creditNotes: "https://shop.example/zh/avoirs" });
    expect(zh.subject).toBe("已为您开具退款凭证 AV2026-000009");
    expect(zh.text).toContain("增值税 20%（基数 €50.00）：€10.00");
    expect(zh.text).toContain("查看我的退款凭证：https://shop.example/zh/avoirs");
  });
});
