// The sections of the back office, each shown to the roles that hold its permission: the frame's navigation and
// the dashboard read this list (the server checks the permission again in each page's loader and action).
import type { Permission } from "#core/staff/permissions.ts";

export type Section = { path: string; label: string; permission?: Permission };

export const SECTIONS: Section[] = [
  { path: "", label: "admin.nav_dashboard", permission: "dashboard:read" },
  { path: "/commandes", label: "admin.nav_orders", permission: "orders:read" },
  { path: "/preparation", label: "admin.nav_preparation", permission: "preparation:read" },
  { path: "/livraisons", label: "admin.nav_planning", permission: "planning:read" },
  { path: "/retraits", label: "admin.nav_pickup", permission: "orders:read" },
  { path: "/devis", label: "admin.nav_quotations", permission: "quotations:read" },
  { path: "/retours", label: "admin.nav_returns", permission: "returns:read" },
  { path: "/clients", label: "admin.nav_customers", permission: "customers:read" },
  { path: "/clients/impayes", label: "admin.nav_unpaid", permission: "invoices:read" },
  { path: "/catalogue", label: "admin.nav_catalogue", permission: "catalogue:read" },
  { path: "/catalogue/import", label: "admin.nav_catalogue_import", permission: "catalogue:import" },
  { path: "/contenu", label: "admin.nav_content", permission: "content:write" },
  { path: "/magasins", label: "admin.nav_shops", permission: "content:write" },
  { path: "/groupes", label: "admin.nav_groups", permission: "catalogue:write" },
  { path: "/coupons", label: "admin.nav_coupons", permission: "promotions:read" },
  { path: "/promotions", label: "admin.nav_promotions", permission: "promotions:read" },
  { path: "/questions", label: "admin.nav_questions", permission: "questions:read" },
  { path: "/equipe", label: "admin.nav_staff", permission: "staff:read" },
  { path: "/journal", label: "admin.nav_audit", permission: "audit:read" },
  /** Every staff member's own sessions. */
  { path: "/sessions", label: "admin.nav_sessions" },
  { path: "/comptabilite", label: "admin.nav_accounting", permission: "accounting:export" },
  { path: "/reglages", label: "admin.nav_settings", permission: "settings:read" },
];
