// The question form's schema, shared by the page and submitSuggestion (SPEC §5).
import { describe, expect, it } from "vitest";
import { questionSchema } from "./questions.ts";

const first = (input: unknown) => {
  const r = questionSchema.safeParse(input);
  return r.success ? null : r.error.issues[0].message;
};

describe("questionSchema", () => {
  it("needs a type and a content", () => {
    expect(first({ content: "Bonjour", order_id: 1 })).toBe("validation.question_type_required");
    expect(first({ type: "", content: "Bonjour", order_id: 1 })).toBe("validation.question_type_required");
    expect(first({ type: "livraison", order_id: 1 })).toBe("validation.feedback_content_required");
    expect(first({ type: "livraison", content: " \n ", order_id: 1 })).toBe("validation.feedback_content_required");
    expect(first({ type: "livraison", content: "a".repeat(2001), order_id: 1 })).toBe("validation.feedback_content_too_long");
    expect(first({ type: "livraison", content: "a\u0000", order_id: 1 })).toBe("validation.control_characters");
  });

  it("needs an order for a question about an order, not for a suggestion", () => {
    for (const order_id of [undefined, "", "0", 0, null]) {
      expect(first({ type: "commande", content: "Où est-elle ?", order_id })).toBe("validation.order_required");
      expect(questionSchema.parse({ type: "suggestion", content: "Merci", order_id })).toMatchObject({ order_id: undefined });
    }
    expect(first({ type: "commande", content: "?", order_id: "abc" })).toBe("validation.order_required");
    expect(questionSchema.parse({ type: "commande", content: " Où ? ", order_id: "12" })).toEqual({
      type: "commande",
      content: "Où ?",
      order_id: 12,
      attachments: [],
    });
  });

  it("takes up to three attachment ids of the upload's shape", () => {
    const id = (c: string) => c.repeat(22);
    expect(questionSchema.parse({ type: "suggestion", content: "x", attachments: [id("a"), id("B")] }).attachments).toHaveLength(2);
    expect(first({ type: "suggestion", content: "x", attachments: ["../etc"] })).toBe("questions.attachment_not_found");
    expect(first({ type: "suggestion", content: "x", attachments: ["a", "b", "c", "d"].map(id) })).toBe("questions.too_many_attachments");
  });
});
