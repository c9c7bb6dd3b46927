// What staff send from the delivery board and the capacities page (decision 138): the action chosen by `intent` and
// its fields. Messages are "planning.*" keys.
import { z } from "zod";
import { intField, text } from "./common.ts";
import { isIsoDate } from "../aftersales/deliveries.ts";
import { CAPACITY_MAX } from "../planning/capacity.ts";

const pmsg = (name: string) => ({ error: `planning.${name}` });

const orderId = intField(pmsg("order_invalid"));
const date = text(pmsg("date_invalid"))
  .trim()
  .refine((d) => isIsoDate(d), pmsg("date_invalid"));
const zone = text(pmsg("zone_invalid")).trim().min(1, pmsg("zone_invalid")).max(12, pmsg("zone_invalid"));
/** A ticked box sends "on"; an unticked one sends nothing. */
const box = z
  .literal("on", pmsg("force_invalid"))
  .optional()
  .transform((v) => v === "on");
const count = (max: number) => intField(pmsg("capacity_invalid"), { min: 0, max });

/** One order and the date it was proposed, as the board's boxes send them: "<order id>:<YYYY-MM-DD>". */
const proposal = text(pmsg("selection_invalid"))
  .trim()
  .regex(/^\d{1,9}:\d{4}-\d{2}-\d{2}$/, pmsg("selection_invalid"))
  .transform((v) => {
    const [id, day] = v.split(":");
    return { order: Number(id), date: day };
  })
  .refine((p) => p.order >= 1 && isIsoDate(p.date), pmsg("selection_invalid"));

/** One box ticked or several; none is refused. */
const proposals = z.preprocess(
  (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
  z.array(proposal).min(1, pmsg("selection_empty")).max(200, pmsg("selection_invalid")),
);

/** The board's actions: plan an order on a date (forced past capacity when ticked), accept the proposed dates of
 * the orders ticked, take a planned date back. */
export const boardActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("plan"), order: orderId, date, force: box }),
    z.object({ intent: z.literal("plan_proposed"), pick: proposals }),
    z.object({ intent: z.literal("unplan"), order: orderId }),
  ],
  pmsg("action_unknown"),
);
export type BoardAction = z.output<typeof boardActionSchema>;

/** The capacities page's actions: a zone's default, a date's own capacity, or the date back to the default. */
export const capacityActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("default"), zone, pallets: count(CAPACITY_MAX.pallets), parcels: count(CAPACITY_MAX.parcels) }),
    z.object({ intent: z.literal("day"), zone, date, pallets: count(CAPACITY_MAX.pallets), parcels: count(CAPACITY_MAX.parcels) }),
    z.object({ intent: z.literal("clear"), zone, date }),
  ],
  pmsg("action_unknown"),
);
export type CapacityAction = z.output<typeof capacityActionSchema>;
