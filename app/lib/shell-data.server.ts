// The shell's data as one object while its parts are the read model's same objects, and its JSON for a
// document's shell block, serialised once (app/lib/use-shell.tsx, decision 110).
import type { ShellData } from "#app/lib/shell-types.ts";

type Init = NonNullable<ShellData["init"]>;
type Kept = ShellData & { init: Init };

const last = new Map<string, Kept>();
const json = new WeakMap<ShellData, string>();

/** The shell data of these parts: the object kept for `key` (language and menu shape) while they are the same. */
export function shellData(
  key: string,
  config: Init["config"],
  menu: Init["product_cate"],
  top: boolean,
  shops: ShellData["shops"],
  pages: ShellData["pages"],
): ShellData {
  const kept = last.get(key);
  if (kept && kept.init.config === config && kept.init.product_cate === menu && kept.shops === shops && kept.pages === pages) return kept;
  const d: Kept = { init: { product_cate: menu, config, ...(top ? { menu: "top" as const } : {}) }, shops, pages };
  last.set(key, d);
  return d;
}

/** The data's JSON, safe inside a `<script>` element (every `<` escaped, so no `</script` or `<!--`). */
export function shellJson(d: ShellData): string {
  let s = json.get(d);
  if (s === undefined) json.set(d, (s = JSON.stringify(d).replace(/</g, "\\u003c")));
  return s;
}
