// Lucide's drawings for the icons of the shell (header, category bar, account menu, footer), written as one
// string per icon. These icons are rendered on every personal page (never cached, decision 063): lucide's
// component rebuilds its attributes and one React element per path on each render; here the drawing is
// serialised once per icon and the render writes one <svg> element (decision 098). Same markup as lucide's.

/** An icon's data as lucide ships it (`lucide-react/icons/<name>` exports `__iconData`). */
type IconData = { name: string; node: readonly (readonly [string, Readonly<Record<string, string | number>>])[] };

const escape = (v: string | number) => String(v).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** The icon's children as HTML (lucide's `key` attribute is React's, not the drawing's). */
function iconMarkup(data: IconData): string {
  return data.node
    .map(([tag, attrs]) => {
      const written = Object.entries(attrs)
        .filter(([k]) => k !== "key")
        .map(([k, v]) => ` ${k}="${escape(v)}"`)
        .join("");
      return `<${tag}${written}></${tag}>`;
    })
    .join("");
}

/** A decorative icon component (aria-hidden, like `<Icon aria-hidden />` of lucide-react) drawing the icon of
 * a `lucide-react/icons/<name>` module (its `__iconData` export, not in lucide's type declarations). */
export function shellIcon(module: object) {
  const data = (module as { __iconData?: IconData }).__iconData;
  if (!data?.node) throw new Error("shellIcon: not a lucide-react/icons/<name> module");
  const inner = { __html: iconMarkup(data) };
  const base = `lucide lucide-${data.name}`;
  return function ShellIcon({ size = 24, className }: { size?: number; className?: string }) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        className={className ? `${base} ${className}` : base}
        aria-hidden="true"
        dangerouslySetInnerHTML={inner}
      />
    );
  };
}
