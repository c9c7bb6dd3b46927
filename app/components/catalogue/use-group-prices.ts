// A logged-in buyer of a customer group (decision 157): the product page is one cached page for every visitor, so
// the group's prices come after hydration, with the personal part: the product's detail asked again with the
// buyer's session, which adds each model's group price from one unit and its quantity tiers. The cart charges them.
import { useEffect, useState } from "react";
import { api } from "#app/lib/api.ts";
import { useSession } from "#app/lib/session-store.ts";

export type GroupPrice = { price?: string; tiers: { min: number; price: string }[] };
/** By model id; empty for a visitor and for a buyer without a group. */
export type GroupPrices = ReadonlyMap<number, GroupPrice>;

const NONE: GroupPrices = new Map();

export function useGroupPrices(productId: number): GroupPrices {
  const loggedIn = useSession((s) => s.user !== null);
  // the answer with the product it is for: another product's, or a logged-out buyer's, shows nothing
  const [answer, setAnswer] = useState<{ productId: number; prices: GroupPrices } | null>(null);
  useEffect(() => {
    if (!loggedIn) return;
    let live = true;
    void api("GET", "/site/Product/detail", { query: { id: productId }, showLoading: false }).then((res) => {
      if (!live || res?.code !== 200) return;
      const byModel = new Map<number, GroupPrice>();
      for (const m of res.data.models)
        if (m.group_price || m.group_tiers) byModel.set(m.id, { price: m.group_price, tiers: m.group_tiers ?? [] });
      setAnswer({ productId, prices: byModel });
    });
    return () => {
      live = false;
    };
  }, [loggedIn, productId]);
  return loggedIn && answer?.productId === productId ? answer.prices : NONE;
}
