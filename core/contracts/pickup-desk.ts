// The pickup desk as its page reads it (server/modules/orders/pickup-desk.service.ts answers it).

/** A shop's lists: ready to hand over, handed over today, still being prepared. */
export const DESK_LISTS = ["ready", "handed", "preparing"] as const;
export type DeskList = (typeof DESK_LISTS)[number];

/** One store pickup as the desk shows it. */
export type DeskRow = {
  id: number;
  number: string;
  status: string;
  placed_at: string;
  /** When it was handed over (the order's delivery moment), for the day's list. */
  handed_at: string | null;
  picked_up_by: string | null;
  paid: boolean;
  total_ttc: string;
  parcels: number | null;
  pallets: number | null;
  weight_kg: string | null;
  customer: { client_number: string; company: string | null; name: string; phone: string | null };
};

/** A list's rows (the first DESK_LIST_MAX) and how many orders it holds. */
export type DeskShop = Record<DeskList, { rows: DeskRow[]; total: number }>;
