// After login or registration: store the session (SPEC §4: user and token stored, cart session data cleared), reload the shell data.
// The visitor's browser cart is read first and merged into the customer's server cart (decision 073).
import { useNavigate, useRevalidator } from "react-router";
import { useSession } from "./session-store.ts";
import { useCart } from "./cart-store.ts";
import { readLocalCart } from "./cart-storage.ts";
import type { LoggedInAnswer } from "#core/contracts/accounts.ts";

export function useStartSession() {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  return async (data: LoggedInAnswer, to: string) => {
    const s = useSession.getState();
    const local = await readLocalCart();
    s.logout(); // clears the cart session keys of the previous visitor
    s.setToken(data.token);
    s.setUser(data.userInfo);
    await useCart.getState().mergeAfterLogin(local);
    await navigate(to, { replace: true });
    await revalidate();
  };
}
