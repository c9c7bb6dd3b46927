import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

const PREVIOUS_URL_KEY = "prevUrl";

/** SPEC §2: the previous page's full URL goes to session storage on every navigation, except when leaving the root. */
export function usePreviousUrl() {
  const location = useLocation();
  const last = useRef<string | null>(null);
  useEffect(() => {
    const here = window.location.href;
    if (last.current && new URL(last.current).pathname !== "/") sessionStorage.setItem(PREVIOUS_URL_KEY, last.current);
    last.current = here;
  }, [location]);
}
