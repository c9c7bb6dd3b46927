// The delivery board (decision 138): the working days of two weeks, and where each planned delivery stands in the
// customer's confirmation flow (decision 082).
import { addDays, isIsoDate, isWorkingDay, type DeliveryStatus } from "../aftersales/deliveries.ts";
import { weekdayOf } from "./capacity.ts";

/** Calendar days the board spans from its Monday: two weeks. */
export const BOARD_DAYS = 14;

/** The board's span from any day: its Monday, the working days of the two weeks, and the Mondays before and after. */
export function boardSpan(day: string): { from: string; dates: string[]; previous: string; next: string } {
  const from = addDays(day, 1 - weekdayOf(day));
  const dates: string[] = [];
  for (let i = 0; i < BOARD_DAYS; i++) if (isWorkingDay(addDays(from, i))) dates.push(addDays(from, i));
  return { from, dates, previous: addDays(from, -BOARD_DAYS), next: addDays(from, BOARD_DAYS) };
}

/** The board's first day asked in its address: a date, else today. */
export const boardDay = (asked: unknown, today: string): string => (isIsoDate(asked) ? asked : today);

/**
 * Where a delivery stands for the board: awaiting the customer's answer, confirmed, the customer unavailable (with
 * the day they propose), cancelled by the customer (the order is to plan again), or moved by the shop because the
 * customer did not answer in time (still awaiting an answer on its new date).
 */
export const DELIVERY_FLOWS = ["awaiting", "confirmed", "unavailable", "cancelled", "rescheduled"] as const;
export type DeliveryFlow = (typeof DELIVERY_FLOWS)[number];

export function deliveryFlow(o: { delivery_status: DeliveryStatus | string | null; rescheduled: boolean }): DeliveryFlow | null {
  switch (o.delivery_status) {
    case "awaiting_confirmation":
      return o.rescheduled ? "rescheduled" : "awaiting";
    case "confirmed":
      return "confirmed";
    case "reschedule_requested":
      return "unavailable";
    case "cancelled":
      return "cancelled";
    default:
      return null;
  }
}
