// Generates the flat SVG illustrations of the demo catalogue (deterministic, each well under 2 KB):
//   public/images/products/{range}.svg, public/images/categories/{key}.svg, public/images/ads/promo-hiver.svg,
//   public/images/logo.svg, public/favicon.svg.
// Run: npx tsx server/db/seed/images.ts
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { RANGES, range } from "./ranges.ts";
import { flattenCategories } from "./categories.ts";
import type { Shape } from "./range-kit.ts";

const BRAND = "#0b4f6c";
const ACCENT = "#c8702a";

function mix(hex: string, to: number, t: number): string {
  const n = parseInt(hex.slice(1), 16);
  const ch = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => Math.round(v + (to - v) * t));
  return `#${ch.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

type Pal = { c: string; d: string; l: string };

const SHAPES: Record<Shape, (p: Pal) => string> = {
  box: ({ c, d, l }) =>
    `<path d="M40 80l60-28 60 28v66l-60 28-60-28z" fill="${c}"/><path d="M100 108v66l60-28V80z" fill="${d}"/><path d="M40 80l60 28 60-28-60-28z" fill="${l}" opacity=".55"/><path d="M70 66l60 28v22l-12 6V100L58 72z" fill="#fff" opacity=".35"/>`,
  mailer: ({ c, d, l }) =>
    `<path d="M36 100l64-24 64 24v40l-64 26-64-26z" fill="${c}"/><path d="M100 124v42l64-26v-40z" fill="${d}"/><path d="M36 100l64 24 64-24-64-24z" fill="${l}" opacity=".6"/><path d="M36 100l64-44 64 44-64-24z" fill="${d}" opacity=".5"/>`,
  roll: ({ c, d }) =>
    `<rect x="58" y="50" width="84" height="100" rx="6" fill="${c}"/><ellipse cx="100" cy="50" rx="42" ry="14" fill="${d}"/><ellipse cx="100" cy="50" rx="14" ry="5" fill="#fff"/><path d="M142 120h26v40h-26z" fill="${c}" opacity=".6"/>`,
  tape: ({ c, d }) =>
    `<circle cx="100" cy="100" r="56" fill="${c}"/><circle cx="100" cy="100" r="30" fill="#fff"/><circle cx="100" cy="100" r="30" fill="none" stroke="${d}" stroke-width="6"/><path d="M150 124l30 10-8 14-30-10z" fill="${c}"/>`,
  bag: ({ c, d }) =>
    `<path d="M58 64h84l8 112H50z" fill="${c}"/><path d="M58 64h84l-6 14H64z" fill="${d}"/><path d="M86 40h28v20H86z" fill="none" stroke="${d}" stroke-width="6"/>`,
  tote: ({ c, d }) =>
    `<path d="M50 76h100l-6 100H56z" fill="${c}"/><path d="M150 76l14 8-6 92h-14z" fill="${d}"/><path d="M78 82c0-40 44-40 44 0" fill="none" stroke="${d}" stroke-width="7"/>`,
  trash: ({ c, d }) =>
    `<path d="M54 78c10-14 82-14 92 0l-8 98H62z" fill="${c}"/><path d="M84 64c6-22 26-22 32 0" fill="none" stroke="${d}" stroke-width="7"/><path d="M78 110l8 50M100 108v54M122 110l-8 50" stroke="${d}" stroke-width="4"/>`,
  zip: ({ c, d }) =>
    `<rect x="52" y="48" width="96" height="120" rx="6" fill="${c}" opacity=".75"/><path d="M52 70h96" stroke="${d}" stroke-width="7"/><rect x="64" y="92" width="44" height="8" rx="3" fill="#fff"/>`,
  cup: ({ c, d }) =>
    `<path d="M58 60h84l-12 116H70z" fill="${c}"/><rect x="50" y="48" width="100" height="16" rx="6" fill="${d}"/><path d="M66 100h68l-3 30H69z" fill="#fff" opacity=".4"/>`,
  tray: ({ c, d }) =>
    `<path d="M36 96h128l-14 56H50z" fill="${c}"/><path d="M30 90h140v10H30z" fill="${d}"/><path d="M60 112h80" stroke="#fff" stroke-width="4" opacity=".5"/>`,
  pizza: ({ c, d }) =>
    `<path d="M28 112l72-30 72 30-72 32z" fill="${c}"/><path d="M28 112v16l72 32v-16z" fill="${d}"/><path d="M100 144v16l72-32v-16z" fill="${mix(d, 0, 0.2)}"/><circle cx="100" cy="112" r="16" fill="#fff" opacity=".5"/>`,
  burger: ({ c, d }) =>
    `<path d="M44 110h112l-10 46H54z" fill="${c}"/><path d="M44 110c0-44 112-44 112 0z" fill="${d}"/><path d="M60 96h80" stroke="#fff" stroke-width="4" opacity=".5"/>`,
  bottle: ({ c, d }) =>
    `<rect x="70" y="70" width="60" height="106" rx="12" fill="${c}"/><path d="M86 44h28v26H86z" fill="${d}"/><path d="M114 50h26v10h-26z" fill="${d}"/><rect x="80" y="100" width="40" height="40" rx="4" fill="#fff" opacity=".6"/>`,
  glove: ({ c, d }) =>
    `<path d="M72 176V96l-14-26c-4-8 6-14 12-6l10 18V50c0-8 12-8 12 0v36-46c0-8 12-8 12 0v46-40c0-8 12-8 12 0v44-30c0-8 12-8 12 0v76c0 16-8 26-8 46z" fill="${c}"/><rect x="70" y="160" width="58" height="16" fill="${d}"/>`,
  envelope: ({ c, d }) =>
    `<rect x="34" y="62" width="132" height="86" rx="6" fill="${c}"/><path d="M34 68l66 46 66-46" fill="none" stroke="${d}" stroke-width="6"/><rect x="48" y="126" width="42" height="10" rx="3" fill="#fff" opacity=".7"/>`,
  label: ({ c, d }) =>
    `<rect x="46" y="40" width="108" height="124" rx="10" fill="#fff" stroke="${d}" stroke-width="5"/><rect x="60" y="56" width="80" height="30" rx="4" fill="${c}"/><path d="M60 104h80M60 122h60M60 140h70" stroke="${d}" stroke-width="6"/>`,
  tube: ({ c, d }) =>
    `<path d="M40 132l100-72 20 28-100 72z" fill="${c}"/><ellipse cx="150" cy="74" rx="10" ry="17" transform="rotate(-36 150 74)" fill="${d}"/><ellipse cx="50" cy="146" rx="10" ry="17" transform="rotate(-36 50 146)" fill="${d}"/>`,
  tool: ({ c, d }) =>
    `<path d="M60 90h60l22-30h20l-30 46H60z" fill="${c}"/><rect x="64" y="106" width="26" height="62" rx="8" fill="${d}"/><circle cx="120" cy="98" r="22" fill="none" stroke="${d}" stroke-width="8"/>`,
  cutlery: ({ c, d }) =>
    `<path d="M70 40v40c0 10 8 14 8 20v76h10V100c0-6 8-10 8-20V40h-6v36h-5V40h-4v36h-5V40z" fill="${c}"/><path d="M122 40c16 10 18 40 6 60v76h-10V40z" fill="${d}"/>`,
  plate: ({ c, d }) =>
    `<ellipse cx="100" cy="110" rx="70" ry="36" fill="${d}"/><ellipse cx="100" cy="104" rx="70" ry="36" fill="${c}"/><ellipse cx="100" cy="104" rx="42" ry="20" fill="#fff" opacity=".45"/>`,
  towel: ({ c, d }) =>
    `<path d="M46 70h108v86H46z" fill="${c}"/><path d="M46 70l20-20h108l-20 20z" fill="${mix(c, 255, 0.4)}"/><path d="M154 70l20-20v86l-20 20z" fill="${d}"/><path d="M62 96h76M62 116h76M62 136h76" stroke="#fff" stroke-width="3" opacity=".6"/>`,
  chips: ({ c, d }) =>
    `<g fill="${c}"><path d="M50 80c14-14 30 4 18 14s6 26-6 22-26-22-12-36z"/><path d="M110 60c14-10 28 8 16 18s4 24-8 20-22-28-8-38z"/><path d="M80 126c14-12 30 6 18 16s4 24-8 20-24-24-10-36z"/></g><g fill="${d}"><path d="M136 118c12-10 26 6 14 16s2 20-8 16-18-24-6-32z"/><path d="M56 150c10-8 22 4 12 12s2 16-6 12-14-18-6-24z"/></g>`,
  corner: ({ c, d }) =>
    `<path d="M60 40h24v100h76v24H60z" fill="${c}"/><path d="M84 40l16-12v100l-16 12z" fill="${d}"/><path d="M84 140l16-12h76l-16 12z" fill="${mix(c, 255, 0.3)}"/>`,
  strap: ({ c, d }) =>
    `<circle cx="100" cy="100" r="62" fill="none" stroke="${c}" stroke-width="18"/><circle cx="100" cy="100" r="38" fill="none" stroke="${d}" stroke-width="6"/><rect x="150" y="94" width="30" height="14" fill="${c}"/>`,
  marker: ({ c, d }) =>
    `<path d="M56 150l78-78 18 18-78 78z" fill="${c}"/><path d="M134 72l14-14 18 18-14 14z" fill="${d}"/><path d="M56 150l-12 30 30-12z" fill="${d}"/>`,
  sheet: ({ c, d }) =>
    `<path d="M44 68h96v96H44z" fill="${d}"/><path d="M56 54h96v96H56z" fill="${c}"/><path d="M70 80h66M70 100h66M70 120h44" stroke="#fff" stroke-width="4" opacity=".5"/>`,
};

const wrap = (bg: string, body: string, label: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200" role="img" aria-label="${label}"><rect width="200" height="200" rx="24" fill="${bg}"/>${body}</svg>\n`;

function illustration(shape: Shape, colour: string, label: string): string {
  return wrap(mix(colour, 255, 0.85), SHAPES[shape]({ c: colour, d: mix(colour, 0, 0.28), l: mix(colour, 255, 0.35) }), label);
}

const esc = (t: string) => t.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

const LEVEL1_COLOURS = ["#b9834a", "#4f8fd1", "#5a9bd4", "#2e8b57", "#d8663b", "#2b7bb9", "#e0a800", "#34495e", "#8e44ad"];

const BOX_MARK = (x: number, y: number, s: number) =>
  `<g transform="translate(${x} ${y}) scale(${s})"><path d="M4 14l20-10 20 10v22L24 46 4 36z" fill="${ACCENT}"/><path d="M24 24v22l20-10V14z" fill="#a65a1f"/><path d="M4 14l20 10 20-10L24 4z" fill="#e09a5c"/><path d="M14 9l20 10v7l-4 2v-7L10 11z" fill="${BRAND}"/></g>`;

export function allImages(): Map<string, string> {
  const files = new Map<string, string>();
  for (const r of RANGES) files.set(`images/products/${r.key}.svg`, illustration(r.shape, r.colour, r.key));
  let l1 = 0;
  for (const c of flattenCategories()) {
    if (c.level === 0 || c.level === 3) continue;
    const r = range(c.iconRange);
    const colour = c.level === 1 ? LEVEL1_COLOURS[l1++ % LEVEL1_COLOURS.length] : r.colour;
    files.set(`images/categories/${c.key}.svg`, illustration(r.shape, colour, esc(c.fr)));
  }
  files.set(
    "images/ads/promo-hiver.svg",
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 400" width="600" height="400" role="img" aria-label="Promotions d'hiver"><rect width="600" height="400" fill="${BRAND}"/>` +
      `<g fill="#fff" opacity=".18"><circle cx="60" cy="60" r="6"/><circle cx="540" cy="90" r="8"/><circle cx="470" cy="330" r="5"/><circle cx="120" cy="320" r="7"/><circle cx="300" cy="40" r="4"/></g>` +
      `<g transform="translate(390 150) scale(1.1)">${SHAPES.box({ c: ACCENT, d: "#a65a1f", l: "#e09a5c" })}</g>` +
      `<text x="48" y="150" fill="#fff" font-family="Arial, Helvetica, sans-serif" font-size="44" font-weight="700">Promos d'hiver</text>` +
      `<text x="48" y="205" fill="#f6f3ee" font-family="Arial, Helvetica, sans-serif" font-size="26">Jusqu'à -15 % sur les cartons,</text>` +
      `<text x="48" y="240" fill="#f6f3ee" font-family="Arial, Helvetica, sans-serif" font-size="26">films et adhésifs</text>` +
      `<rect x="48" y="280" width="220" height="52" rx="26" fill="${ACCENT}"/><text x="158" y="314" fill="#fff" font-family="Arial, Helvetica, sans-serif" font-size="22" font-weight="700" text-anchor="middle">J'en profite</text></svg>\n`,
  );
  files.set(
    "images/logo.svg",
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 64" width="320" height="64" role="img" aria-label="Comptoir de l'Emballage">${BOX_MARK(6, 6, 1.1)}` +
      `<text x="68" y="30" fill="${BRAND}" font-family="Arial, Helvetica, sans-serif" font-size="24" font-weight="700">Comptoir</text>` +
      `<text x="68" y="52" fill="${ACCENT}" font-family="Arial, Helvetica, sans-serif" font-size="16" letter-spacing="1">de l'Emballage</text></svg>\n`,
  );
  files.set(
    "favicon.svg",
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64"><rect width="64" height="64" rx="14" fill="${BRAND}"/>${BOX_MARK(8, 6, 1)}</svg>\n`,
  );
  return files;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const publicDir = fileURLToPath(new URL("../../../public/", import.meta.url));
  let largest = 0;
  for (const [rel, svg] of allImages()) {
    const path = publicDir + rel;
    mkdirSync(path.slice(0, path.lastIndexOf("/")), { recursive: true });
    writeFileSync(path, svg);
    largest = Math.max(largest, Buffer.byteLength(svg));
  }
  console.log(`wrote ${allImages().size} files under ${publicDir} (largest ${largest} bytes)`);
}
