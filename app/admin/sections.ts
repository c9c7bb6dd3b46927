// The sections of the back office, each shown to the roles that hold its permission: the frame's navigation and
// the dashboard read this list (the server checks the permission again in each page's loader and action).
import type { Permission } from "#core/staff/permissions.ts";

export type Section = { path: string; label: string; permission?: Permission };

export const SECTIONS: Section[] = [{ path: "", label: "admin.nav_dashboard", permission: "dashboard:read" }];
