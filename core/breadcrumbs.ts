// Breadcrumbs from the category tree rooted at ACCUEIL (SPEC §2, §3; decision 022).
import type { Lang } from "./lang.ts";
import { categoryUrl, localePath } from "./slug.ts";

export interface CategoryNode {
  id: number;
  name: string;
  /** 0 for the ACCUEIL root, 1..3 below it. */
  level: number;
  child?: CategoryNode[] | null;
  img?: string | null;
  img_status?: number | null;
}

export interface BreadcrumbEntry {
  url: string;
  name: string;
  level: number;
}

const ROOT_NAME = "ACCUEIL";

function rootOf(tree: CategoryNode | readonly CategoryNode[]): { name: string; children: readonly CategoryNode[] } {
  if (Array.isArray(tree)) {
    const list = tree as readonly CategoryNode[];
    // A list holding only the ACCUEIL root, or the top-level categories themselves.
    if (list.length === 1 && list[0].level === 0) return { name: list[0].name, children: list[0].child ?? [] };
    return { name: ROOT_NAME, children: list };
  }
  const node = tree as CategoryNode;
  return { name: node.name || ROOT_NAME, children: node.child ?? [] };
}

/** The nodes from the top level down to the category, or [] when it is not in the tree. */
export function categoryPath(tree: CategoryNode | readonly CategoryNode[], categoryId: number): CategoryNode[] {
  const path: CategoryNode[] = [];
  const visit = (nodes: readonly CategoryNode[]): boolean => {
    for (const node of nodes) {
      path.push(node);
      if (node.id === categoryId || visit(node.child ?? [])) return true;
      path.pop();
    }
    return false;
  };
  return visit(rootOf(tree).children) ? path : [];
}

/**
 * The trail: ACCUEIL (level 0, url of home) then one entry per level down to the category.
 * The trail is built by level: entry i has level i; a node whose level disagrees with its depth is
 * placed by its level and a later node of the same level replaces it. Unknown category: [ACCUEIL].
 * `current` adds a last entry (e.g. the product of a detail page).
 */
export function buildBreadcrumbs(
  tree: CategoryNode | readonly CategoryNode[] | null | undefined,
  categoryId: number | null | undefined,
  opts: { lang?: Lang; current?: { name: string; url: string } } = {},
): BreadcrumbEntry[] {
  const lang = opts.lang ?? "fr";
  const root = tree ? rootOf(tree) : { name: ROOT_NAME, children: [] };
  const byLevel: BreadcrumbEntry[] = [{ url: localePath(lang, "/"), name: root.name, level: 0 }];
  if (tree && categoryId !== null && categoryId !== undefined) {
    categoryPath(tree, categoryId).forEach((node, depth) => {
      const level = Number.isInteger(node.level) && node.level > 0 ? node.level : depth + 1;
      byLevel[level] = { url: categoryUrl(lang, node), name: node.name, level };
    });
  }
  const trail = byLevel.filter((e): e is BreadcrumbEntry => e !== undefined);
  if (opts.current) trail.push({ ...opts.current, level: trail[trail.length - 1].level + 1 });
  return trail;
}
