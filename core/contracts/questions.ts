// The contracts of the questions calls (core/contracts/contract.ts).
import { z } from "zod";
import { defineCall } from "./contract.ts";
import { listPage } from "./shared.ts";
import { QUESTION_TYPES } from "../questions.ts";
import { questionSchema } from "../validation/questions.ts";

/** An attachment as the upload (POST /common/attachment/upload) answers it and a question lists it. */
const attachmentAnswer = z.object({
  id: z.string(),
  name: z.string().describe("The file's name cleaned for display: no path; letters, digits, spaces, ., _ and -; at most 100 characters."),
  content_type: z.string().describe("Detected from the content, not the declared type."),
  size: z.number(),
});

/** A question sent, with the shop's answer once given. */
const questionAnswer = z.object({
  id: z.number(),
  type: z.enum(QUESTION_TYPES),
  type_label: z.string(),
  content: z.string(),
  created_at: z.string(),
  order: z.object({ id: z.number(), number: z.string() }).nullable(),
  attachments: z.array(attachmentAnswer),
  answer: z.string().nullable().describe("The shop's answer; null until given (answered_at likewise)."),
  answered_at: z.string().nullable(),
  answer_attachments: z.array(attachmentAnswer).describe("Files the shop sent with its answer; downloaded as the customer's own."),
});

export const submitSuggestion = defineCall({
  method: "POST",
  path: "/site/Customer/submitSuggestion",
  auth: true,
  input: questionSchema,
  output: z.object({ id: z.number() }),
});

export const questionList = defineCall({
  method: "GET",
  path: "/site/Customer/questionList",
  auth: true,
  output: listPage(questionAnswer),
});

export type AttachmentAnswer = z.output<typeof attachmentAnswer>;
export type QuestionAnswer = z.output<typeof questionAnswer>;
export type SubmitSuggestionAnswer = z.output<typeof submitSuggestion.output>;
