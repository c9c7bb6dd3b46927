// The back office's order queue as its page reads it (server/modules/orders/staff-orders.service.ts answers it).
import type { ListPage } from "../list-page.ts";

/** One order as the queue shows it. */
export type StaffOrderRow = {
  id: number;
  number: string;
  /** When it was placed, ISO 8601 in UTC. */
  placed_at: string;
  customer: { id: number; client_number: string; company: string | null; name: string; email: string };
  status: string;
  paid_at: string | null;
  cancelled_at: string | null;
  total_ttc: string;
  delivery_mode: string | null;
  /** Collected at a store (`shop_id`, `shop_name`) rather than delivered. */
  pickup: boolean;
  shop_id: number | null;
  shop_name: string | null;
  planned_date: string | null;
  delivery_status: string | null;
  zip_code: string | null;
  city: string | null;
  zone_code: string | null;
  zone_name: string | null;
};

/** A page of the queue; `capped`: more orders match than were counted (`total` is the cap), the page goes on past it. */
export type StaffOrderPage = ListPage<StaffOrderRow> & { capped: boolean };
