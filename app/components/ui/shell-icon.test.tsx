import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { ChevronDown, Cookie, Search, ShoppingCart } from "lucide-react";
import * as chevronDown from "lucide-react/icons/chevron-down";
import * as cookie from "lucide-react/icons/cookie";
import * as search from "lucide-react/icons/search";
import * as shoppingCart from "lucide-react/icons/shopping-cart";
import { shellIcon } from "./shell-icon.tsx";

describe("shellIcon", () => {
  it("writes the same markup as lucide's component (size, class, aria-hidden)", () => {
    for (const [Lucide, module] of [
      [ChevronDown, chevronDown],
      [Cookie, cookie],
      [Search, search],
      [ShoppingCart, shoppingCart],
    ] as const) {
      const Icon = shellIcon(module);
      expect(renderToStaticMarkup(<Icon size={18} />)).toBe(renderToStaticMarkup(<Lucide aria-hidden size={18} />));
      expect(renderToStaticMarkup(<Icon size={16} className="rotate-180" />)).toBe(
        renderToStaticMarkup(<Lucide aria-hidden size={16} className="rotate-180" />),
      );
    }
  });

  it("refuses a module that is not an icon", () => {
    expect(() => shellIcon({})).toThrow(/lucide-react\/icons/);
  });
});
