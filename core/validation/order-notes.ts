// An internal note on an order (the back office's order page): staff write it for one another, the customer never
// sees it. Several lines allowed, no control character, trimmed, never blank, at most ORDER_NOTE_MAX characters.
import { z } from "zod";
import { text } from "./common.ts";

/** The longest note (the database checks it too). */
export const ORDER_NOTE_MAX = 2000;

/** Refusals of a note, each an "admin.*" key with a text in both languages. */
export const ORDER_NOTE_KEYS = ["note_required", "note_too_long"] as const;

const required = { error: "admin.note_required" };

export const orderNoteSchema = z.object({
  note: text(required, { multiline: true })
    .trim()
    .min(1, { ...required, abort: true })
    .max(ORDER_NOTE_MAX, { error: "admin.note_too_long" }),
});
