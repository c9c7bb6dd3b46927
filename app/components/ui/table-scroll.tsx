// A table wider than a phone scrolls in its own box instead of widening the page (WCAG 1.4.10 reflow). The box is
// `relative` so that the table's visually hidden labels (`sr-only`, absolutely placed) are placed and clipped in it:
// placed against the page, a label in a column off to the right made the whole page scroll sideways.
import type { ReactNode } from "react";

export function TableScroll({ children }: { children: ReactNode }) {
  return <div className="relative overflow-x-auto">{children}</div>;
}
