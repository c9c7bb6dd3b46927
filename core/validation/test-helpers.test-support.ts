import type { z } from "zod";

/** Issue messages of a failed parse ([] when it succeeds). */
export function messages(schema: z.ZodType, input: unknown): string[] {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

/** Issue messages keyed by the first path segment. */
export function fieldMessages(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const r = schema.safeParse(input);
  const out: Record<string, string[]> = {};
  if (!r.success) for (const i of r.error.issues) (out[String(i.path[0] ?? "")] ??= []).push(i.message);
  return out;
}
