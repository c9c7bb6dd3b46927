import { describe, expect, it } from "vitest";
import { receivingDaysSchema } from "./receiving.ts";
import { messages } from "./test-helpers.test-support.ts";

describe("receiving days", () => {
  it("needs at least one receiving slot", () => {
    expect(receivingDaysSchema.safeParse([{ weekday: 1, morning: true, afternoon: false }]).success).toBe(true);
    expect(messages(receivingDaysSchema, [{ weekday: 1, morning: false, afternoon: false }])).toEqual([
      "validation.receiving_days_required",
    ]);
    expect(messages(receivingDaysSchema, [])).toEqual(["validation.receiving_days_required"]);
  });
});
