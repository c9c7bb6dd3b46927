import { data } from "react-router";

// Any unmatched path: 404 through the root error boundary (SPEC §2). The action answers POSTs the same way.
export function loader() {
  throw data(null, { status: 404, statusText: "This page could not be found" });
}

export function action() {
  throw data(null, { status: 404, statusText: "This page could not be found" });
}

export default function NotFound() {
  return null;
}
