import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { PERMISSIONS, ROLE_PERMISSIONS, STAFF_ROLES, can, isStaffRole, permissionsOf, type StaffRole } from "./permissions.ts";

const roleArb = fc.constantFrom(...STAFF_ROLES);
const rolesArb = fc.array(roleArb, { maxLength: 5 });
const permissionArb = fc.constantFrom(...PERMISSIONS);

describe("the permission list", () => {
  it("names each permission once, as resource:action", () => {
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
    for (const p of PERMISSIONS) expect(p).toMatch(/^[a-z_]+:[a-z_]+$/);
  });

  it("gives each role only known permissions, each once", () => {
    const known = new Set<string>(PERMISSIONS);
    for (const role of STAFF_ROLES) {
      const list = ROLE_PERMISSIONS[role];
      expect(
        list.filter((p) => !known.has(p)),
        role,
      ).toEqual([]);
      expect(new Set(list).size, role).toBe(list.length);
      expect(list, role).toContain("dashboard:read");
    }
  });

  it("tells roles from other values", () => {
    expect(isStaffRole("planner")).toBe(true);
    for (const x of ["admin", "Owner", "", null, 1, ["owner"]]) expect(isStaffRole(x)).toBe(false);
  });
});

describe("roles", () => {
  it("grants the owner everything", () => {
    for (const p of PERMISSIONS) expect(can(["owner"], p), p).toBe(true);
    expect(permissionsOf(["owner"])).toEqual(new Set(PERMISSIONS));
  });

  it("keeps the team to the owner, the audit log to the owner and the accountant", () => {
    expect(STAFF_ROLES.filter((r) => can([r], "staff:write"))).toEqual(["owner"]);
    expect(STAFF_ROLES.filter((r) => can([r], "settings:write"))).toEqual(["owner"]);
    expect(STAFF_ROLES.filter((r) => can([r], "content:write"))).toEqual(["owner", "manager", "catalogue"]);
    expect(STAFF_ROLES.filter((r) => can([r], "audit:read"))).toEqual(["owner", "accountant"]);
  });

  it("gives the manager all but the team, the settings and the audit log", () => {
    expect(PERMISSIONS.filter((p) => !can(["manager"], p))).toEqual(["settings:write", "staff:write", "audit:read"]);
  });

  it("lets the warehouse prepare and hand over, nothing about money or people", () => {
    for (const p of ["orders:read", "preparation:read", "preparation:write", "pickup:write"] as const)
      expect(can(["warehouse"], p)).toBe(true);
    for (const p of ["orders:refund", "orders:edit", "staff:write", "planning:write", "customers:read"] as const)
      expect(can(["warehouse"], p), p).toBe(false);
  });

  it("lets the planner plan and see the preparation, not touch the catalogue", () => {
    expect(can(["planner"], "planning:write")).toBe(true);
    expect(can(["planner"], "preparation:read")).toBe(true);
    expect(can(["planner"], "preparation:write")).toBe(false);
    expect(can(["planner"], "catalogue:write")).toBe(false);
  });

  it("lets customer service answer and edit orders, not refund or write credit notes", () => {
    for (const p of ["orders:edit", "orders:cancel", "questions:answer", "returns:write", "customers:write", "credit_notes:read"] as const)
      expect(can(["customer_service"], p), p).toBe(true);
    for (const p of ["orders:refund", "credit_notes:write", "catalogue:write", "staff:read"] as const)
      expect(can(["customer_service"], p), p).toBe(false);
  });

  it("gives the catalogue role the catalogue only, and the accountant the money", () => {
    expect(PERMISSIONS.filter((p) => can(["catalogue"], p))).toEqual([
      "dashboard:read",
      "catalogue:read",
      "catalogue:write",
      "catalogue:import",
      "promotions:read",
      "content:write",
    ]);
    for (const p of ["orders:refund", "credit_notes:write", "invoices:read", "audit:read"] as const)
      expect(can(["accountant"], p)).toBe(true);
    for (const p of ["orders:edit", "orders:cancel", "returns:write", "catalogue:write"] as const)
      expect(can(["accountant"], p), p).toBe(false);
  });

  it("lets the owner and the manager write coupons and promotions; the catalogue role reads them; no one else sees them", () => {
    expect(STAFF_ROLES.filter((r) => can([r], "promotions:write"))).toEqual(["owner", "manager"]);
    expect(STAFF_ROLES.filter((r) => can([r], "promotions:read"))).toEqual(["owner", "manager", "catalogue"]);
  });

  it("adds up the roles a member holds, and grants nothing without a role or for a role no longer known", () => {
    expect(can(["warehouse", "planner"], "planning:write")).toBe(true);
    expect(can(["warehouse", "planner"], "pickup:write")).toBe(true);
    expect(permissionsOf([])).toEqual(new Set());
    expect(can([], "dashboard:read")).toBe(false);
    expect(can(["retired" as StaffRole], "dashboard:read")).toBe(false);
  });
});

describe("properties", () => {
  it("a permission is granted when one of the roles grants it, and permissionsOf says the same", () => {
    fc.assert(
      fc.property(rolesArb, permissionArb, (roles, p) => {
        expect(can(roles, p)).toBe(roles.some((r) => can([r], p)));
        expect(permissionsOf(roles).has(p)).toBe(can(roles, p));
      }),
    );
  });

  it("adding a role never takes a permission away", () => {
    fc.assert(
      fc.property(rolesArb, roleArb, permissionArb, (roles, extra, p) => {
        if (can(roles, p)) expect(can([...roles, extra], p)).toBe(true);
        for (const q of permissionsOf(roles)) expect(permissionsOf([extra, ...roles]).has(q)).toBe(true);
      }),
    );
  });

  it("gives the accounting export to the owner, the manager and the accountant", () => {
    expect(STAFF_ROLES.filter((r) => can([r], "accounting:export"))).toEqual(["owner", "manager", "accountant"]);
  });
});
