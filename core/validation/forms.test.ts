import { describe, expect, it } from "vitest";
import { emailRecipientsSchema } from "./common.ts";
import { contactSchema, productSelectionSchema } from "./contact.ts";
import { feedbackSchema } from "./feedback.ts";
import { checkoutChoiceSchema, receivingDaysSchema } from "./receiving.ts";
import { fieldMessages, messages } from "./test-helpers.test-support.ts";

describe("feedback and contact", () => {
  it("feedback needs a type and content", () => {
    expect(feedbackSchema.safeParse({ type: "delivery", content: "Livraison rapide" }).success).toBe(true);
    expect(feedbackSchema.safeParse({ type: 2, content: "ok" }).success).toBe(true);
    expect(fieldMessages(feedbackSchema, { content: "ok" })).toEqual({ type: ["validation.feedback_type_required"] });
    expect(fieldMessages(feedbackSchema, { type: 0, content: "ok" })).toEqual({ type: ["validation.feedback_type_required"] });
    expect(fieldMessages(feedbackSchema, { type: "", content: "  " })).toEqual({
      type: ["validation.feedback_type_required"],
      content: ["validation.feedback_content_required"],
    });
    expect(fieldMessages(feedbackSchema, { type: "x", content: "x".repeat(2001) })).toEqual({
      content: ["validation.feedback_content_too_long"],
    });
  });
  it("contact needs an order", () => {
    expect(contactSchema.parse({ order_id: "12", content: "Où en est ma commande ?" })).toEqual({
      order_id: 12,
      content: "Où en est ma commande ?",
    });
    expect(fieldMessages(contactSchema, { order_id: 0, content: "x" })).toEqual({ order_id: ["validation.order_required"] });
    expect(fieldMessages(contactSchema, { content: "x" })).toEqual({ order_id: ["validation.order_required"] });
  });
  it("a selection needs at least one product", () => {
    expect(messages(productSelectionSchema, [])).toEqual(["validation.products_required"]);
    expect(messages(productSelectionSchema, undefined)).toEqual(["validation.products_required"]);
    expect(productSelectionSchema.safeParse([{ model_id: 3, num: 2 }]).success).toBe(true);
  });
  it("e-mail messages go to 1 to 3 addresses", () => {
    expect(messages(emailRecipientsSchema, [])).toEqual(["validation.recipients_required"]);
    expect(messages(emailRecipientsSchema, ["a@b.fr", "c@d.fr", "e@f.fr"])).toEqual([]);
    expect(messages(emailRecipientsSchema, ["a@b.fr", "c@d.fr", "e@f.fr", "g@h.fr"])).toEqual(["validation.recipients_too_many"]);
  });
});

describe("receiving days and checkout choices", () => {
  it("needs at least one receiving slot", () => {
    expect(receivingDaysSchema.safeParse([{ weekday: 1, morning: true, afternoon: false }]).success).toBe(true);
    expect(messages(receivingDaysSchema, [{ weekday: 1, morning: false, afternoon: false }])).toEqual([
      "validation.receiving_days_required",
    ]);
    expect(messages(receivingDaysSchema, [])).toEqual(["validation.receiving_days_required"]);
  });
  it("needs a method, then a store for pickup or an address for delivery, and an invoice address", () => {
    expect(checkoutChoiceSchema.safeParse({ pickup_method: 1, delivery_addr_id: 4, invoice_addr_id: 5 }).success).toBe(true);
    expect(checkoutChoiceSchema.safeParse({ pickup_method: 2, shop_id: 1, invoice_addr_id: 5 }).success).toBe(true);
    expect(fieldMessages(checkoutChoiceSchema, { pickup_method: 2, invoice_addr_id: 5 })).toEqual({
      shop_id: ["validation.store_required"],
    });
    expect(fieldMessages(checkoutChoiceSchema, { pickup_method: 1, invoice_addr_id: 5 })).toEqual({
      delivery_addr_id: ["validation.address_required"],
    });
    expect(fieldMessages(checkoutChoiceSchema, { delivery_addr_id: 4 })).toEqual({
      pickup_method: ["validation.delivery_method_required"],
      invoice_addr_id: ["validation.invoice_address_required"],
    });
  });
});
