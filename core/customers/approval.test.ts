import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  approvalAfter,
  approvalNoticeKey,
  approvalSettingOn,
  canOrder,
  initialApproval,
  isProfessional,
  orderRefusal,
} from "./approval.ts";
import { approvalDecisionSchema, staffCustomerQuerySchema } from "../validation/staff-customers.ts";

describe("account approval", () => {
  it("makes a new account pending only when the setting is on and it names a company or a SIRET", () => {
    expect(initialApproval(true, { company: "Fleurs", siret: "" })).toBe("pending");
    expect(initialApproval(true, { company: "", siret: "73282932000074" })).toBe("pending");
    expect(initialApproval(true, { company: "  ", siret: null })).toBe("approved");
    expect(initialApproval(false, { company: "Fleurs", siret: "73282932000074" })).toBe("approved");
    fc.assert(
      fc.property(fc.boolean(), fc.option(fc.string()), fc.option(fc.string()), (on, company, siret) => {
        const a = initialApproval(on, { company, siret });
        expect(a === "pending").toBe(on && isProfessional({ company, siret }));
      }),
    );
  });

  it("lets only an approved account order, and says why the others cannot", () => {
    expect([canOrder("approved"), canOrder("pending"), canOrder("refused")]).toEqual([true, false, false]);
    expect([orderRefusal("approved"), orderRefusal("pending"), orderRefusal("refused")]).toEqual([
      null,
      "api.account_pending",
      "api.account_refused",
    ]);
    expect(approvalNoticeKey("approved")).toBeNull();
    expect(approvalNoticeKey("refused")).toBe("account.approval_refused_notice");
    expect([approvalAfter("approve"), approvalAfter("refuse")]).toEqual(["approved", "refused"]);
  });

  it("reads the setting on only from a stored true", () => {
    expect([true, false, "true", 1, null, undefined].map(approvalSettingOn)).toEqual([true, false, false, false, false, false]);
  });

  it("needs a message to refuse, at most 1,000 characters; reads the list's filters", () => {
    expect(approvalDecisionSchema.safeParse({ intent: "refuse", message: "  " }).error?.issues[0].message).toBe(
      "admin.customer_message_required",
    );
    expect(approvalDecisionSchema.parse({ intent: "approve" })).toEqual({ intent: "approve", message: "" });
    expect(approvalDecisionSchema.safeParse({ intent: "refuse", message: "x".repeat(1001) }).error?.issues[0].message).toBe(
      "admin.customer_message_too_long",
    );
    expect(approvalDecisionSchema.safeParse({ intent: "delete" }).error?.issues[0].message).toBe("admin.customer_decision_invalid");
    expect(staffCustomerQuerySchema.parse({ q: " ", approval: "", page: "", page_size: "" })).toEqual({ page: 1, page_size: 20 });
    expect(staffCustomerQuerySchema.safeParse({ approval: "maybe" }).error?.issues[0].message).toBe("admin.customers_approval_invalid");
  });
});
