// A question from the account (SPEC §5): a type and a content are needed; a question about
// an order needs one of the caller's orders ("Veuillez sélectionner une commande"); at most three
// attachments, named by the opaque ids the upload answered. One schema for the form and the server.
import { z } from "zod";
import { intField, requiredText, text } from "./common.ts";
import { msg, vk } from "./keys.ts";
import { MAX_ATTACHMENTS, QUESTION_MAX_LENGTH, QUESTION_TYPES, needsOrder } from "../questions.ts";

/** An attachment id as the upload answers it (128 random bits, base64url). */
const ATTACHMENT_ID = /^[A-Za-z0-9_-]{22}$/;

const blankToUndefined = (v: unknown) => (v === "" || v === null || v === 0 || v === "0" ? undefined : v);

export const questionSchema = z
  .object({
    type: z.enum(QUESTION_TYPES, msg("question_type_required")),
    order_id: z.preprocess(blankToUndefined, intField(msg("order_required")).optional()),
    content: requiredText("feedback_content_required", QUESTION_MAX_LENGTH, "feedback_content_too_long", true),
    attachments: z
      .array(text("questions.attachment_not_found").regex(ATTACHMENT_ID, { error: "questions.attachment_not_found" }), {
        error: "questions.attachment_not_found",
      })
      .max(MAX_ATTACHMENTS, { error: "questions.too_many_attachments" })
      .optional()
      .default([]),
  })
  .superRefine((v, ctx) => {
    if (needsOrder(v.type) && v.order_id === undefined) ctx.addIssue({ code: "custom", path: ["order_id"], message: vk("order_required") });
  });

export type Question = z.output<typeof questionSchema>;

export const attachmentRefSchema = z.object({ id: text("not_found").regex(ATTACHMENT_ID, { error: "not_found" }) });
