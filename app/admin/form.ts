// A back-office form's action: the fields read by the form's schema (core/validation), the use case run, and its
// refusal turned into the form's message in the page's language. Errors that are not refusals go on (500).
import { data } from "react-router";
import type { z } from "zod";
import { isDomainError } from "#core/domain-errors.ts";
import { translate, type Lang } from "#core/i18n/translate.ts";

/**
 * What an action answers the form: field messages, or one message for the whole form; on a page with several
 * forms, `form` names the one that was sent.
 */
export type FormFailure = { fields?: Record<string, string>; failure?: string; form?: string };

const STATUS = { refused: 400, not_found: 404, conflict: 409, unauthenticated: 401, forbidden: 403, rate_limited: 429 } as const;

/** The form's fields as an object (a field sent several times, as ticked boxes, gives a list). */
export async function formFields(request: Request): Promise<Record<string, unknown>> {
  return textFields(await request.formData());
}

/** The text fields of a form already read (a multipart form's files left out). */
export function textFields(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    const values = form.getAll(key).filter((v): v is string => typeof v === "string");
    out[key] = values.length > 1 ? values : values[0];
  }
  return out;
}

class FieldsRefused {
  constructor(readonly fields: Record<string, string>) {}
}

/** Each field's first message key (the field translates it); one not about a field is the form's. */
export function fieldMessages(error: z.ZodError | undefined): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of error?.issues ?? []) messages[String(issue.path[0] ?? "form")] ??= issue.message;
  return messages;
}

/** Parses the fields; on failure, the action answers 400 with each field's first message key (inside `formAction`). */
export function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, unknown>): z.output<S> {
  const r = schema.safeParse(fields);
  if (r.success) return r.data;
  throw new FieldsRefused(fieldMessages(r.error));
}

/**
 * Runs an action's steps: refused fields and a use case's refusal become the form's answer (400, 404, 409, 429…,
 * translated, with `form` when given); a redirect and any other error go on.
 */
export async function formAction<T>(lang: Lang, run: () => Promise<T>, form?: string) {
  try {
    return await run();
  } catch (e) {
    if (e instanceof FieldsRefused) return data<FormFailure>({ fields: e.fields, form }, { status: 400 });
    if (isDomainError(e)) return data<FormFailure>({ failure: translate(lang, e.key, e.vars), form }, { status: STATUS[e.kind] });
    throw e;
  }
}
