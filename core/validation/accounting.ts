// The accounting export's period (decision 146): two calendar days of the shop, both included, from ≤ to, at most
// a year long (a longer period is several exports; the export is made in the request).
import { z } from "zod";
import { text } from "./common.ts";
import { isIsoDate } from "../aftersales/deliveries.ts";

/** The day a year after a day, as text ("2024-02-29" → "2025-02-29", which still orders right against real days). */
const yearAfter = (d: string) => `${String(Number(d.slice(0, 4)) + 1).padStart(4, "0")}${d.slice(4)}`;

const day = text({ error: "admin.date_invalid" })
  .trim()
  .refine((d) => isIsoDate(d), { error: "admin.date_invalid" });

export const accountingPeriodSchema = z
  .object({ from: day, to: day })
  .refine((p) => p.from <= p.to, { error: "admin.date_range_invalid", path: ["to"] })
  .refine((p) => p.to < yearAfter(p.from), { error: "admin.accounting_period_too_long", path: ["to"] });
export type AccountingPeriod = z.output<typeof accountingPeriodSchema>;
