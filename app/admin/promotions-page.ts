// What the coupons and promotions pages' loaders and actions share (decision 144): the list's filter and the row to
// edit read from the address; the action's two sendings, save (the page's form schema) or end (an id).
import type { z } from "zod";
import { endSchema, promotionListSchema } from "#core/validation/promotions.ts";
import { intField } from "#core/validation/common.ts";
import { shopToday } from "#core/aftersales/deliveries.ts";
import type { Lang } from "#core/lang.ts";
import { formAction, formFields, parseFields } from "./form.ts";

const editedId = intField("promotions.id_invalid");

/** The address's `statut` (active by default) and `modifier` (the id of the row to edit, if any); today's shop day. */
export function askedOf(request: Request) {
  const params = new URL(request.url).searchParams;
  const { status } = promotionListSchema.parse({ status: params.get("statut") ?? undefined });
  const edit = editedId.safeParse(params.get("modifier"));
  return { status, edit: edit.success ? edit.data : null, today: shopToday(new Date()) };
}

/** Runs the sending: `intent=end` ends the row of `id`, anything else saves the form read by `schema`. */
export async function saveOrEnd<S extends z.ZodType>(
  lang: Lang,
  request: Request,
  schema: S,
  run: { save: (fields: z.output<S>) => Promise<unknown>; end: (id: number) => Promise<unknown> },
) {
  const fields = await formFields(request);
  return formAction(lang, async () => {
    if (fields.intent === "end") {
      await run.end(parseFields(endSchema, fields).id);
      return { done: "ended_done" };
    }
    await run.save(parseFields(schema, fields));
    return { done: "saved" };
  });
}
