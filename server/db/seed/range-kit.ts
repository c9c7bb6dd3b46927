// Building blocks of the product ranges: selling options (size + pack) with price, weight and volume
// per selling unit computed from the dimensions, so that a model's poids and volume stay consistent.

export type Unit = "carton" | "paquet" | "rouleau" | "pièce" | "lot" | "palette" | "boîte";
export type Shape =
  | "box"
  | "mailer"
  | "roll"
  | "tape"
  | "bag"
  | "tote"
  | "trash"
  | "zip"
  | "cup"
  | "tray"
  | "pizza"
  | "burger"
  | "bottle"
  | "glove"
  | "envelope"
  | "label"
  | "tube"
  | "tool"
  | "cutlery"
  | "plate"
  | "towel"
  | "chips"
  | "corner"
  | "strap"
  | "marker"
  | "sheet";

/** [fr, zh, price factor, colour set by this modifier] */
export type ModDef = readonly [fr: string, zh: string, factor: number, colour?: string];

export type Option = {
  code: string; // reference suffix, unique in its range
  l: number | null;
  w: number | null;
  h: number | null;
  capacity: string | null;
  labelFr: string;
  labelZh: string;
  unit: Unit;
  qty: number;
  eur: number; // € HT per selling unit, before the product's factor
  kg: number; // per selling unit
  m3: number; // per selling unit
};

export type Range = {
  key: string; // also the image file: /images/products/{key}.svg
  shape: Shape;
  colour: string; // illustration colour
  materials: string[];
  colours: string[];
  mods: ModDef[][];
  desc: readonly [fr: string, zh: string];
  options: Option[];
};

export type Pack = readonly [unit: Unit, qty: number];
type Noun = readonly [fr: string, zhMeasure: string];
type Piece = {
  code: string;
  l?: number | null;
  w?: number | null;
  h?: number | null;
  cap?: string | null;
  fr: string;
  zh: string;
  eur: number;
  kg: number;
  m3: number;
};

const nb = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0");

function packLabel(unit: Unit, qty: number, noun: Noun): [string, string] {
  const [fr, m] = noun;
  if (qty === 1) {
    if (unit === "rouleau") return ["le rouleau", "每卷"];
    return ["à l'unité", `单${m === "卷" ? "卷" : "件"}`];
  }
  const zhUnit: Record<Unit, string> = {
    carton: "每箱",
    paquet: "每包",
    rouleau: "每卷",
    pièce: "每件",
    lot: "每组",
    palette: "每托盘",
    boîte: "每盒",
  };
  return [`${unit} de ${nb(qty)} ${fr}`, `${zhUnit[unit]} ${qty} ${m}`];
}

/** Expands pieces into selling options. "fit": one pack per piece (the biggest under maxEur); "all": every pack under maxEur. */
function expand(pieces: Piece[], packs: Pack[], noun: Noun, mode: "fit" | "all" = "fit", maxEur = 95): Option[] {
  const out: Option[] = [];
  for (const p of pieces) {
    const fitting = packs.filter(([, q]) => q * p.eur <= maxEur);
    const chosen = mode === "fit" ? [fitting[0] ?? packs[packs.length - 1]] : fitting.length ? fitting : [packs[packs.length - 1]];
    for (const [unit, qty] of chosen) {
      const [pf, pz] = packLabel(unit, qty, noun);
      out.push({
        code: mode === "all" && packs.length > 1 ? `${p.code}-${unit[0].toUpperCase()}${qty}` : p.code,
        l: p.l ?? null,
        w: p.w ?? null,
        h: p.h ?? null,
        capacity: p.cap ?? null,
        labelFr: `${p.fr} – ${pf}`,
        labelZh: `${p.zh} – ${pz}`,
        unit,
        qty,
        eur: p.eur * qty,
        kg: p.kg * qty,
        m3: p.m3 * qty,
      });
    }
  }
  return out;
}

/** Corrugated boxes sold flat: board area with flaps, €/m², g/m², board thickness in mm. */
export function boxes(
  sizes: [number, number, number][],
  o: { eurM2: number; gM2: number; thick: number; packs: Pack[]; noun?: Noun; base?: number; mode?: "fit" | "all"; maxEur?: number },
): Option[] {
  const pieces = sizes.map(([l, w, h]) => {
    const area = (2 * (l * w + l * h + w * h) * 1.1) / 1e6;
    return {
      code: `${l}x${w}x${h}`,
      l,
      w,
      h,
      fr: `${l} × ${w} × ${h} mm`,
      zh: `${l} × ${w} × ${h} 毫米`,
      eur: area * o.eurM2 + (o.base ?? 0.04),
      kg: (area * o.gM2) / 1000,
      m3: area * (o.thick / 1000) * 1.3,
    };
  });
  return expand(pieces, o.packs, o.noun ?? ["cartons", "个"], o.mode ?? "fit", o.maxEur ?? 95);
}

/** Rolls (bubble wrap, kraft paper, films): width in mm, length in m; thick = thickness on the roll in mm. */
export function rolls(
  sizes: [number, number][],
  o: { eurM2: number; gM2: number; thick: number; packs: Pack[]; noun?: Noun; mode?: "fit" | "all"; micron?: number },
): Option[] {
  const pieces = sizes.map(([w, len]) => {
    const area = (w / 1000) * len;
    const mu = o.micron ? ` – ${o.micron} µm` : "";
    return {
      code: `${w}-${len}M`,
      l: len * 1000,
      w,
      fr: `${w} mm × ${len} m${mu}`,
      zh: `${w} 毫米 × ${len} 米${mu}`,
      eur: area * o.eurM2 + 0.3,
      kg: (area * o.gM2) / 1000 + 0.15,
      m3: area * (o.thick / 1000) * 1.25 + (w / 1000) * 0.004,
    };
  });
  return expand(pieces, o.packs, o.noun ?? ["rouleaux", "卷"], o.mode ?? "fit", 120);
}

/** Adhesive tapes: width mm × length m, sold by carton or lot of rolls. */
export function tapes(sizes: [number, number][], o: { eurM2: number; gM2: number; packs: Pack[] }): Option[] {
  const pieces = sizes.map(([w, len]) => ({
    code: `${w}-${len}M`,
    l: len * 1000,
    w,
    fr: `${w} mm × ${len} m`,
    zh: `${w} 毫米 × ${len} 米`,
    eur: (w / 1000) * len * o.eurM2 + 0.12,
    kg: ((w / 1000) * len * o.gM2) / 1000 + 0.04,
    m3: (w / 1000) * 0.0115,
  }));
  return expand(pieces, o.packs, ["rouleaux", "卷"], "all");
}

/** Bags: width × gusset × height in mm (gusset 0 for flat bags), film or paper g/m², €/kg. */
export function bags(
  sizes: [number, number, number, string?][],
  o: { eurKg: number; gM2: number; base?: number; packs: Pack[]; noun?: Noun; mode?: "fit" | "all" },
): Option[] {
  const pieces = sizes.map(([w, g, h, cap]) => {
    const area = (2 * (w + g) * h * 1.08) / 1e6;
    const kg = (area * o.gM2) / 1000;
    const dims = g ? `${w} × ${g} × ${h}` : `${w} × ${h}`;
    return {
      code: cap ? `${cap.replace(/\D/g, "")}L-${w}x${h}` : g ? `${w}x${g}x${h}` : `${w}x${h}`,
      l: g || null,
      w,
      h,
      cap: cap ?? null,
      fr: cap ? `${cap} – ${dims} mm` : `${dims} mm`,
      zh: cap ? `${cap.replace(" L", " 升")} – ${dims} 毫米` : `${dims} 毫米`,
      eur: kg * o.eurKg + (o.base ?? 0.004),
      kg,
      m3: area * 0.00012 + kg / 900,
    };
  });
  return expand(pieces, o.packs, o.noun ?? ["sacs", "个"], o.mode ?? "fit", 110);
}

/** Explicit pieces (cups, containers, tools, gloves...): the range gives € and kg per piece. */
export function items(
  rows: {
    code: string;
    l?: number;
    w?: number;
    h?: number;
    cap?: string;
    fr: string;
    zh: string;
    eur: number;
    kg: number;
    m3?: number;
    pack?: Pack;
  }[],
  packs: Pack[],
  noun: Noun,
  mode: "fit" | "all" = "fit",
  maxEur = 95,
): Option[] {
  return rows.flatMap((r) => {
    const piece = { ...r, m3: r.m3 ?? ((r.l ?? 100) * (r.w ?? 100) * (r.h ?? 50)) / 1e9 };
    return r.pack ? expand([piece], [r.pack], noun, "fit", Infinity) : expand([piece], packs, noun, mode, maxEur);
  });
}

/** Round containers (cups, pots): capacity in ml, top diameter and height in mm, nested when stacked. */
export function cups(
  rows: [ml: number, d: number, h: number, eur: number, g: number][],
  packs: Pack[],
  noun: Noun,
  mode: "fit" | "all" = "all",
): Option[] {
  return items(
    rows.map(([ml, d, h, eur, g]) => ({
      code: `${ml}ML`,
      l: d,
      w: d,
      h,
      cap: ml >= 1000 ? `${ml / 1000} L`.replace(".", ",") : `${ml} ml`,
      fr: `${ml >= 1000 ? `${String(ml / 1000).replace(".", ",")} L` : `${ml} ml`} – Ø ${d} mm`,
      zh: `${ml >= 1000 ? `${ml / 1000} 升` : `${ml} 毫升`} – 直径 ${d} 毫米`,
      eur,
      kg: g / 1000,
      m3: (d * d * h * 0.07) / 1e9,
    })),
    packs,
    noun,
    mode,
    95,
  );
}
