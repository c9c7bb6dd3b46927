// Feedback (SPEC §5): a type and content are needed.
import { z } from "zod";
import { requiredText } from "./common.ts";
import { msg } from "./keys.ts";

export const FEEDBACK_MAX_LENGTH = 2000;

export const feedbackSchema = z.object({
  type: z.union(
    [
      z.string().trim().min(1, msg("feedback_type_required")),
      z.number().int(msg("feedback_type_required")).positive(msg("feedback_type_required")),
    ],
    msg("feedback_type_required"),
  ),
  content: requiredText("feedback_content_required", FEEDBACK_MAX_LENGTH, "feedback_content_too_long", true),
});

export type FeedbackInput = z.input<typeof feedbackSchema>;
