// After login or registration: store the session (SPEC §4: user and token stored, cart session data cleared), reload the shell data.
import { useNavigate, useRevalidator } from "react-router";
import { useSession } from "./session-store.ts";
import type { UserInfo } from "#server/modules/init/init.service.ts";

export type Session = { token: string; userInfo: UserInfo };

export function useStartSession() {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  return async (data: Session, to: string) => {
    const s = useSession.getState();
    s.logout(); // clears the cart session keys of the previous visitor
    s.setToken(data.token);
    s.setUser(data.userInfo);
    await navigate(to, { replace: true });
    await revalidate();
  };
}
