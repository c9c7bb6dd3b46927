// The category tree in the shape the pages' shell needs (header menu, footer, home tiles), and its top part.
import type { CategoryNode, MenuNode } from "./types.ts";

/** No level, an image only where it is shown (img_status 1), no empty child lists: half the bytes of CategoryNode. */
export function toMenu(n: CategoryNode): MenuNode {
  return {
    id: n.id,
    name: n.name,
    ...(n.img_status === 1 && n.img ? { img: n.img } : {}),
    ...(n.child.length ? { child: n.child.map(toMenu) } : {}),
  };
}

/** The root and its first level only, what a page's HTML shows (menu bar, footer, home tiles); a first-level
 * node with branches keeps an empty `child` list, so the bar still offers its panel (decision 092). */
export function menuTop(tree: MenuNode[]): MenuNode[] {
  return tree.map((root) => ({
    ...root,
    child: (root.child ?? []).map(({ child, ...l1 }) => (child ? { ...l1, child: [] } : l1)),
  }));
}
