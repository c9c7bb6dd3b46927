import { describe, expect, it } from "vitest";
import { searchForms } from "./customer-search.ts";
import { accountDecisionMail } from "#core/mail/account-mail.ts";
import { STAFF_CUSTOMER_KEYS } from "#core/validation/staff-customers.ts";
import { translate } from "#core/i18n/messages.ts";

describe("customer search forms", () => {
  it("looks for a phone or a SIRET as typed and as stored; other texts as they are", () => {
    expect(searchForms(" Boulangerie ")).toEqual(["Boulangerie"]);
    expect(searchForms("06 12 34 56 78")).toEqual(["06 12 34 56 78", "0612345678"]);
    expect(searchForms("+33 6 12 34 56 78")).toEqual(["+33 6 12 34 56 78", "33612345678", "0612345678"]);
    expect(searchForms("812 345 678 00019")).toEqual(["812 345 678 00019", "81234567800019"]);
    expect(searchForms("12")).toEqual(["12"]);
  });
});

describe("the decision e-mail and the form messages", () => {
  it("says the decision in the customer's language, with staff's message as written", () => {
    const zh = accountDecisionMail("zh", "approve", { client_number: "C100009", message: "欢迎 <b>" }, "https://x/zh/mon-compte");
    expect(zh.subject).toBe("您的专业账户已通过审核");
    expect(zh.text).toContain("C100009");
    expect(zh.text).toContain("欢迎 <b>");
    expect(zh.html).toContain("欢迎 &lt;b&gt;");
    const fr = accountDecisionMail("fr", "refuse", { client_number: "C100009", message: "" }, "https://x/mon-compte");
    expect(fr.subject).toBe("Votre compte professionnel n'a pas été validé");
    expect(fr.text).not.toContain("Le message de nos équipes");
  });

  it("has every refusal of the customers' forms in both languages", () => {
    for (const lang of ["fr", "zh"] as const)
      for (const key of STAFF_CUSTOMER_KEYS) expect(translate(lang, `admin.${key}`), `${lang} ${key}`).not.toBe(`admin.${key}`);
  });
});
