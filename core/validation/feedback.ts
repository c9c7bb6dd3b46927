// Feedback (SPEC §5): a type and content are needed.
import { z } from "zod";
import { intField, requiredText, text } from "./common.ts";
import { msg } from "./keys.ts";

export const FEEDBACK_MAX_LENGTH = 2000;

export const feedbackSchema = z.object({
  type: z.union(
    [text(msg("feedback_type_required")).trim().min(1, msg("feedback_type_required")), intField(msg("feedback_type_required"))],
    msg("feedback_type_required"),
  ),
  content: requiredText("feedback_content_required", FEEDBACK_MAX_LENGTH, "feedback_content_too_long", true),
});

export type FeedbackInput = z.input<typeof feedbackSchema>;
