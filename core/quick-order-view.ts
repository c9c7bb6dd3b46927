// What the quick-order pages and API show (decision 081). Types only.

/** A model as a quick-order line shows it: current price (HT per unit) and what may be bought now. */
export type QuickItem = {
  model_id: number;
  product_id: number;
  reference: string;
  name: string;
  label: string;
  image: string | null;
  url: string;
  unit: string;
  price: string;
  stock: number;
  purchasable_qty: number;
  not_for_sale: boolean;
  /** The most units one cart line may hold now (0: none). */
  max: number;
};

/** A model the customer bought before (orders not cancelled), with the last order's price and date. */
export type PurchasedItem = QuickItem & {
  designation: string;
  last_price: string;
  last_date: string;
  last_order: string;
  total_qty: number;
  orders: number;
};

export type WishlistItem = QuickItem & { added_at: string };

/** One input line after resolution: valid (an item to add) or refused with its translated reason. */
export type ResolvedLine = {
  line: number;
  reference: string;
  quantity: number;
  status: "ok" | "refused";
  key: string | null;
  reason: string | null;
  /** Later input lines of the same reference, added into this one. */
  merged: number[];
  note: string | null;
  item: QuickItem | null;
};

export type QuickOrderResolution = { lines: ResolvedLine[]; valid: number; refused: number; header: boolean };
