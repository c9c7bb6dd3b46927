import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { STAFF_ROLES, can } from "../staff/permissions.ts";
import { BULK_ACTIONS, BULK_PERMISSION, bulkActionsOf } from "./bulk.ts";
import { EVENT_PERMISSION } from "./life.ts";

describe("bulk actions on the order queue", () => {
  it("offers each role what it may do", () => {
    expect(bulkActionsOf(["warehouse"])).toEqual(["start_preparation", "deliver", "export"]);
    expect(bulkActionsOf(["accountant"])).toEqual(["export"]);
    expect(bulkActionsOf(["customer_service"])).toEqual(["export"]);
    expect(bulkActionsOf(["catalogue"])).toEqual([]);
    expect(bulkActionsOf(["catalogue", "warehouse"])).toEqual(["start_preparation", "deliver", "export"]);
  });

  it("asks the order life's own permission for its events", () => {
    expect(BULK_PERMISSION.start_preparation).toBe(EVENT_PERMISSION.start_preparation);
    expect(BULK_PERMISSION.deliver).toBe(EVENT_PERMISSION.deliver);
  });

  it("offers several roles together what each offers alone, and never an action without its permission", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...STAFF_ROLES)), (roles) => {
        const offered = bulkActionsOf(roles);
        const alone = new Set(roles.flatMap((r) => bulkActionsOf([r])));
        expect(offered).toEqual(BULK_ACTIONS.filter((a) => alone.has(a)));
        for (const a of offered) expect(can(roles, BULK_PERMISSION[a])).toBe(true);
      }),
    );
  });
});
