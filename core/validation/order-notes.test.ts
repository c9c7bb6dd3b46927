import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { translate } from "../i18n/messages.ts";
import { ORDER_NOTE_KEYS, ORDER_NOTE_MAX, orderNoteSchema } from "./order-notes.ts";
import { fieldMessages } from "./test-helpers.test-support.ts";

const refused = (v: Record<string, unknown>) => fieldMessages(orderNoteSchema, v);

describe("an order's internal note", () => {
  it("keeps its lines, trimmed", () => {
    expect(orderNoteSchema.parse({ note: "  Client rappelé.\nLivrer après 14 h.\t " })).toEqual({
      note: "Client rappelé.\nLivrer après 14 h.",
    });
    expect(orderNoteSchema.parse({ note: "客户要求下午送货" }).note).toBe("客户要求下午送货");
  });

  it("refuses a blank note, a missing one, a control character and one too long", () => {
    expect(refused({ note: " \n " })).toEqual({ note: ["admin.note_required"] });
    expect(refused({})).toEqual({ note: ["admin.note_required"] });
    expect(refused({ note: "a\u0000b" })).toEqual({ note: ["validation.control_characters"] });
    expect(refused({ note: "x".repeat(ORDER_NOTE_MAX + 1) })).toEqual({ note: ["admin.note_too_long"] });
  });

  it("accepts any text of 1 to ORDER_NOTE_MAX characters once trimmed, and nothing longer", () => {
    const printable = fc.string({ unit: fc.constantFrom("a", "é", "字", " ", "\n", "'", ";"), maxLength: ORDER_NOTE_MAX + 20 });
    fc.assert(
      fc.property(printable, (note) => {
        const r = orderNoteSchema.safeParse({ note });
        const trimmed = note.trim();
        expect(r.success).toBe(trimmed.length >= 1 && trimmed.length <= ORDER_NOTE_MAX);
        if (r.success) expect(r.data.note).toBe(trimmed);
      }),
    );
  });

  it("has every message in French and Chinese", () => {
    for (const lang of ["fr", "zh"] as const)
      for (const key of ORDER_NOTE_KEYS) expect(translate(lang, `admin.${key}`), `${lang} ${key}`).not.toBe(`admin.${key}`);
  });
});
