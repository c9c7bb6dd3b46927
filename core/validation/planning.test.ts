import { describe, expect, it } from "vitest";
import { boardActionSchema, capacityActionSchema } from "./planning.ts";

const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0].message);

describe("the delivery board's forms", () => {
  it("read a plan with its box, proposals as ticked, a take-back", () => {
    expect(boardActionSchema.parse({ intent: "plan", order: "12", date: " 2026-12-03 " })).toEqual({
      intent: "plan",
      order: 12,
      date: "2026-12-03",
      force: false,
    });
    expect(boardActionSchema.parse({ intent: "plan", order: "12", date: "2026-12-03", force: "on" })).toMatchObject({ force: true });
    expect(boardActionSchema.parse({ intent: "plan_proposed", pick: "12:2026-12-03" })).toEqual({
      intent: "plan_proposed",
      pick: [{ order: 12, date: "2026-12-03" }],
    });
    expect(boardActionSchema.parse({ intent: "plan_proposed", pick: ["12:2026-12-03", "13:2026-12-04"] })).toMatchObject({
      pick: [{ order: 12 }, { order: 13, date: "2026-12-04" }],
    });
    expect(boardActionSchema.parse({ intent: "unplan", order: 7 })).toEqual({ intent: "unplan", order: 7 });
  });

  it("refuse with the planning catalogue's keys", () => {
    expect(first(boardActionSchema.safeParse({ intent: "plan", order: "12", date: "2026-02-30" }))).toBe("planning.date_invalid");
    expect(first(boardActionSchema.safeParse({ intent: "plan", order: "0", date: "2026-12-03" }))).toBe("planning.order_invalid");
    expect(first(boardActionSchema.safeParse({ intent: "plan", order: "1", date: "2026-12-03", force: "yes" }))).toBe(
      "planning.force_invalid",
    );
    expect(first(boardActionSchema.safeParse({ intent: "plan_proposed" }))).toBe("planning.selection_empty");
    expect(first(boardActionSchema.safeParse({ intent: "plan_proposed", pick: "12:2026-13-01" }))).toBe("planning.selection_invalid");
    expect(first(boardActionSchema.safeParse({ intent: "plan_proposed", pick: "0:2026-12-01" }))).toBe("planning.selection_invalid");
    expect(first(boardActionSchema.safeParse({ intent: "drop" }))).toBe("planning.action_unknown");
    expect(first(capacityActionSchema.safeParse({ intent: "default", zone: "z1", pallets: "-1", parcels: "2" }))).toBe(
      "planning.capacity_invalid",
    );
    expect(first(capacityActionSchema.safeParse({ intent: "day", zone: "", date: "2026-12-03", pallets: "1", parcels: "2" }))).toBe(
      "planning.zone_invalid",
    );
    expect(capacityActionSchema.parse({ intent: "clear", zone: "z1", date: "2026-12-03" })).toEqual({
      intent: "clear",
      zone: "z1",
      date: "2026-12-03",
    });
  });
});
