// The category tree's rules for the back office (decision 156): where a category may move and in what order its
// siblings then stand. ACCUEIL is the root (level 0); categories sit at levels 1 to 3, each one below its parent.
export const CATEGORY_LEVEL_MAX = 3;

export type TreeNode = { id: number; parent_id: number | null; level: number };

/** Why a move is refused: "admin.*" message keys. */
export type MoveRefusal = "admin.category_move_into_itself" | "admin.category_too_deep" | "admin.category_parent_invalid";

/** The category and every category below it. */
export function subtreeOf(nodes: readonly TreeNode[], id: number): Set<number> {
  const children = new Map<number, number[]>();
  for (const n of nodes) if (n.parent_id !== null) children.set(n.parent_id, [...(children.get(n.parent_id) ?? []), n.id]);
  const out = new Set<number>();
  const stack = [id];
  while (stack.length) {
    const c = stack.pop()!;
    if (out.has(c)) continue;
    out.add(c);
    stack.push(...(children.get(c) ?? []));
  }
  return out;
}

/**
 * Whether `id` may go under `parentId`, and by how many levels its whole subtree then moves: never under itself or
 * one of its own descendants (the tree would become a loop), never deeper than level 3, never the root itself.
 */
export function checkMove(
  nodes: readonly TreeNode[],
  id: number,
  parentId: number,
): { ok: true; shift: number } | { ok: false; error: MoveRefusal } {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const node = byId.get(id);
  const parent = byId.get(parentId);
  if (!node || node.level === 0 || !parent) return { ok: false, error: "admin.category_parent_invalid" };
  const below = subtreeOf(nodes, id);
  if (below.has(parentId)) return { ok: false, error: "admin.category_move_into_itself" };
  const shift = parent.level + 1 - node.level;
  const deepest = Math.max(...[...below].map((b) => byId.get(b)!.level));
  if (deepest + shift > CATEGORY_LEVEL_MAX) return { ok: false, error: "admin.category_too_deep" };
  return { ok: true, shift };
}

/** Whether a new category may go under `parent` (a level below 3). */
export const mayHoldChild = (parent: TreeNode | undefined) => !!parent && parent.level < CATEGORY_LEVEL_MAX;

/** The siblings' order with `id` put at `rank` (1 = first; beyond the end = last); `siblings` is their current order. */
export function placeAt(siblings: readonly number[], id: number, rank: number): number[] {
  const others = siblings.filter((s) => s !== id);
  const at = Math.min(Math.max(rank, 1), others.length + 1) - 1;
  return [...others.slice(0, at), id, ...others.slice(at)];
}
