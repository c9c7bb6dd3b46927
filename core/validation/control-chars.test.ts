// NUL and other C0 controls are refused by the shared schemas (a 500 from PostgreSQL before).
import { describe, expect, it } from "vitest";
import { registrationSchema, identityUpdateSchema } from "./account.ts";
import { addressSchema } from "./address.ts";
import { searchRequestSchema } from "./search.ts";
import { questionSchema } from "./questions.ts";

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

const registration = {
  title: "Mme",
  first_name: "Lucie",
  last_name: "Bernard",
  company: "Fleurs",
  email: "lucie@example.fr",
  phone: "",
  password: "Fleurs2026!",
  confirm: "Fleurs2026!",
  siret: "",
  vat_number: "",
  accept_privacy: true,
};
const address = {
  first_name: "Lucie",
  last_name: "Bernard",
  company: "",
  line1: "1 rue de la Paix",
  line2: "",
  zip_code: "75002",
  city: "Paris",
  phone: "",
};

describe("control characters in shared schemas", () => {
  const controls = ["\u0000", "\u0001", "\u0008", "\u000b", "\u000c", "\u001b", "\u007f", "\t", "\n", "\r"];

  it.each(controls.map((c) => [JSON.stringify(c), c]))("refuses %s in names, company, address fields", (_n, c) => {
    for (const field of ["first_name", "last_name", "company"]) {
      expect(firstMessage(registrationSchema.safeParse({ ...registration, [field]: `Ab${c}cd` })), field).toBe(
        "validation.control_characters",
      );
      expect(firstMessage(identityUpdateSchema.safeParse({ ...registration, [field]: `Ab${c}cd` })), field).toBe(
        "validation.control_characters",
      );
    }
    for (const field of ["first_name", "last_name", "company", "line1", "line2", "city"]) {
      expect(firstMessage(addressSchema.safeParse({ ...address, [field]: `Ab${c}cd` })), field).toBe("validation.control_characters");
    }
    expect(firstMessage(searchRequestSchema.safeParse({ search: `car${c}ton` }))).toBe("validation.control_characters");
  });

  it("keeps ordinary text and lets messages hold tabs and new lines, not NUL", () => {
    expect(registrationSchema.safeParse({ ...registration, company: "Société d’Emballage — Ω" }).success).toBe(true);
    expect(searchRequestSchema.safeParse({ search: "carton 30×20" }).success).toBe(true);
    const ok = questionSchema.safeParse({ type: "commande", order_id: 1, content: "Bonjour,\n\tmerci\r\n" });
    expect(ok.success, JSON.stringify(ok.error?.issues)).toBe(true);
    expect(firstMessage(questionSchema.safeParse({ type: "commande", order_id: 1, content: "a\u0000b" }))).toBe(
      "validation.control_characters",
    );
  });
});
