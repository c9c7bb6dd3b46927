// Product ranges: cartons & boxes, protective packaging, films & tapes.
import { boxes, items, rolls, tapes, type ModDef, type Range } from "./range-kit.ts";

const QUALITY: ModDef[] = [
  ["standard", "标准", 1],
  ["renforcé", "加厚", 1.22],
  ["éco recyclé", "环保再生", 0.93],
];
const BOX_FEATURE: ModDef[] = [
  ["", "", 1],
  ["avec poignées", "带提手", 1.12],
  ["imprimé Fragile", "印易碎标志", 1.08],
  ["à fermeture adhésive", "自粘封口", 1.15],
];
const BOX_FINISH: ModDef[] = [
  ["", "", 1],
  ["qualité export", "出口级", 1.1],
  ["pour palette 1200 × 800", "适配1200×800托盘", 1.04],
];
const FILM_GAUGE: ModDef[] = [
  ["17 µm", "17 微米", 1],
  ["20 µm", "20 微米", 1.14],
  ["23 µm", "23 微米", 1.3],
];
const FILM_TYPE: ModDef[] = [
  ["transparent", "透明", 1, "Transparent"],
  ["noir opaque", "黑色不透明", 1.08, "Noir"],
  ["bleu", "蓝色", 1.05, "Bleu"],
];
const FILM_GRADE: ModDef[] = [
  ["", "", 1],
  ["haute performance", "高性能", 1.18],
  ["préétiré", "预拉伸", 1.1],
  ["biodégradable", "可降解", 1.25],
];
const TAPE_COLOUR: ModDef[] = [
  ["havane", "棕褐色", 1, "Havane"],
  ["transparent", "透明", 1, "Transparent"],
  ["blanc", "白色", 1.02, "Blanc"],
  ["noir", "黑色", 1.04, "Noir"],
];
const TAPE_GRADE: ModDef[] = [
  ["standard", "标准", 1],
  ["silencieux", "低噪音", 1.12],
  ["grand froid", "耐低温", 1.18],
  ["haute adhérence", "强粘", 1.15],
];
const PAPER_GRADE: ModDef[] = [
  ["", "", 1],
  ["extra-fort", "特强", 1.2],
  ["recyclé", "再生", 0.92],
];
const PAPER_WEIGHT: ModDef[] = [
  ["60 g/m²", "60 克", 0.9],
  ["70 g/m²", "70 克", 1],
  ["90 g/m²", "90 克", 1.2],
];
const BUBBLE: ModDef[] = [
  ["petites bulles", "小气泡", 1],
  ["grosses bulles", "大气泡", 1.15],
  ["double couche", "双层", 1.3],
];

const SC: [number, number, number][] = [
  [150, 150, 100],
  [200, 150, 100],
  [200, 200, 150],
  [250, 200, 150],
  [300, 200, 200],
  [310, 220, 250],
  [350, 250, 200],
  [400, 300, 200],
  [400, 300, 300],
  [450, 350, 300],
  [500, 300, 300],
  [600, 400, 400],
];
const DC: [number, number, number][] = [
  [300, 200, 200],
  [350, 250, 250],
  [400, 300, 300],
  [450, 350, 350],
  [500, 400, 300],
  [500, 400, 400],
  [600, 400, 400],
  [600, 500, 400],
  [700, 500, 500],
  [800, 600, 400],
  [800, 600, 600],
];

export const packagingRanges: Range[] = [
  {
    key: "carton-simple",
    shape: "box",
    colour: "#b9834a",
    materials: ["Carton kraft simple cannelure"],
    colours: ["Brun"],
    mods: [QUALITY, BOX_FEATURE],
    desc: [
      "Carton en simple cannelure, léger et économique, idéal pour l'expédition de produits peu lourds et le stockage.",
      "单瓦楞纸箱，轻便经济，适合轻型商品的寄送与仓储。",
    ],
    options: boxes(SC, {
      eurM2: 0.42,
      gM2: 430,
      thick: 3.5,
      packs: [
        ["paquet", 25],
        ["paquet", 10],
        ["pièce", 1],
      ],
    }),
  },
  {
    key: "carton-double",
    shape: "box",
    colour: "#8f5b2e",
    materials: ["Carton kraft double cannelure"],
    colours: ["Brun"],
    mods: [QUALITY, BOX_FINISH],
    desc: [
      "Carton double cannelure très résistant à l'écrasement, conçu pour les charges lourdes, le gerbage et le transport sur palette.",
      "双瓦楞纸箱，抗压性强，适合重物、堆码及托盘运输。",
    ],
    options: boxes(DC, {
      eurM2: 0.7,
      gM2: 760,
      thick: 7,
      packs: [
        ["paquet", 10],
        ["paquet", 5],
        ["pièce", 1],
      ],
    }),
  },
  {
    key: "caisse-palette",
    shape: "box",
    colour: "#6e4523",
    materials: ["Carton triple cannelure"],
    colours: ["Brun"],
    mods: [
      [
        ["standard", "标准", 1],
        ["avec couvercle", "带盖", 1.25],
        ["à fond automatique", "自动底", 1.15],
      ],
      [
        ["", "", 1],
        ["hydrofuge", "防潮", 1.2],
      ],
    ],
    desc: [
      "Caisse de grand volume pour le stockage et l'expédition de marchandises lourdes ou encombrantes sur palette.",
      "大容量纸箱，适合重型或大件货物的托盘仓储与运输。",
    ],
    options: boxes(
      [
        [600, 400, 400],
        [600, 400, 600],
        [700, 500, 500],
        [800, 600, 400],
        [800, 600, 600],
        [1000, 600, 600],
        [1200, 800, 500],
        [1200, 800, 800],
        [1200, 1000, 800],
      ],
      {
        eurM2: 1.25,
        gM2: 1250,
        thick: 14,
        packs: [
          ["lot", 5],
          ["pièce", 1],
        ],
        base: 1.5,
        maxEur: 120,
      },
    ),
  },
  {
    key: "carton-demenagement",
    shape: "box",
    colour: "#d08a3c",
    materials: ["Carton kraft double cannelure"],
    colours: ["Brun"],
    mods: [
      [
        ["standard", "标准", 1],
        ["renforcé", "加厚", 1.2],
      ],
      [
        ["", "", 1],
        ["avec poignées", "带提手", 1.08],
        ["imprimé inventaire", "印清单栏", 1.06],
      ],
    ],
    desc: [
      "Carton de déménagement solide, pré-imprimé pour noter le contenu et la pièce de destination, avec poignées ergonomiques.",
      "结实的搬家纸箱，预印内容与房间栏，配人体工学提手。",
    ],
    options: boxes(
      [
        [350, 275, 335],
        [400, 300, 300],
        [400, 300, 400],
        [500, 300, 350],
        [550, 350, 350],
        [600, 400, 400],
        [800, 400, 400],
        [500, 500, 1000],
      ],
      {
        eurM2: 0.58,
        gM2: 650,
        thick: 6,
        packs: [
          ["palette", 100],
          ["paquet", 20],
          ["paquet", 10],
          ["pièce", 1],
        ],
        mode: "all",
        maxEur: 120,
      },
    ),
  },
  {
    key: "boite-archive",
    shape: "box",
    colour: "#5b7fa6",
    materials: ["Carton compact"],
    colours: ["Bleu", "Gris", "Brun"],
    mods: [
      [
        ["bleue", "蓝色", 1, "Bleu"],
        ["grise", "灰色", 1, "Gris"],
        ["kraft", "牛皮", 0.95, "Brun"],
      ],
      [
        ["", "", 1],
        ["à montage automatique", "自动成型", 1.2],
      ],
    ],
    desc: [
      "Boîte archive en carton rigide, montage rapide, avec zone d'écriture sur le dos pour un classement clair.",
      "硬质纸板档案盒，组装快捷，盒脊带书写区，便于归档。",
    ],
    options: boxes(
      [
        [330, 250, 80],
        [330, 250, 100],
        [330, 250, 150],
        [330, 250, 200],
        [350, 270, 100],
        [350, 270, 150],
        [360, 280, 200],
        [400, 300, 250],
      ],
      {
        eurM2: 0.95,
        gM2: 600,
        thick: 3,
        packs: [
          ["paquet", 50],
          ["paquet", 25],
        ],
        base: 0.1,
      },
    ),
  },
  {
    key: "boite-postale",
    shape: "mailer",
    colour: "#d9a066",
    materials: ["Carton micro-cannelure"],
    colours: ["Brun", "Blanc"],
    mods: [
      [
        ["brune", "棕色", 1, "Brun"],
        ["blanche", "白色", 1.15, "Blanc"],
        ["noire", "黑色", 1.3, "Noir"],
      ],
      [
        ["", "", 1],
        ["à bande adhésive", "自粘条", 1.12],
        ["avec fermeture sécurisée", "防盗封口", 1.18],
      ],
    ],
    desc: [
      "Boîte postale en carton micro-cannelure, à montage sans colle, adaptée aux envois e-commerce et aux colis postaux.",
      "微瓦楞邮政纸盒，免胶组装，适合电商及邮寄包裹。",
    ],
    options: boxes(
      [
        [150, 100, 50],
        [200, 150, 50],
        [220, 160, 80],
        [250, 180, 100],
        [300, 200, 100],
        [310, 220, 120],
        [350, 250, 100],
        [400, 300, 100],
        [430, 300, 150],
      ],
      {
        eurM2: 1.1,
        gM2: 450,
        thick: 2,
        packs: [
          ["paquet", 50],
          ["paquet", 20],
        ],
        base: 0.05,
      },
    ),
  },
  {
    key: "etui-bouteille",
    shape: "box",
    colour: "#7b4b2a",
    materials: ["Carton kraft double cannelure"],
    colours: ["Brun", "Blanc"],
    mods: [
      [
        ["brun", "棕色", 1, "Brun"],
        ["blanc", "白色", 1.15, "Blanc"],
      ],
      [
        ["", "", 1],
        ["avec calages intégrés", "内置固定件", 1.2],
        ["agréé transporteur", "承运商认证", 1.25],
      ],
    ],
    desc: [
      "Étui carton pour l'envoi de bouteilles de vin, de spiritueux ou d'huile, avec croisillons de maintien.",
      "用于寄送葡萄酒、烈酒或油瓶的纸盒，带十字隔板固定。",
    ],
    options: items(
      [
        { code: "1B", l: 100, w: 100, h: 400, fr: "1 bouteille 75 cl", zh: "1 瓶装 75 厘升", eur: 0.85, kg: 0.32 },
        { code: "2B", l: 200, w: 100, h: 400, fr: "2 bouteilles 75 cl", zh: "2 瓶装 75 厘升", eur: 1.3, kg: 0.52 },
        { code: "3B", l: 300, w: 100, h: 400, fr: "3 bouteilles 75 cl", zh: "3 瓶装 75 厘升", eur: 1.75, kg: 0.7 },
        { code: "6B", l: 300, w: 200, h: 400, fr: "6 bouteilles 75 cl", zh: "6 瓶装 75 厘升", eur: 2.6, kg: 1.05 },
        { code: "12B", l: 400, w: 300, h: 400, fr: "12 bouteilles 75 cl", zh: "12 瓶装 75 厘升", eur: 4.2, kg: 1.7 },
        { code: "1M", l: 120, w: 120, h: 440, fr: "1 magnum 150 cl", zh: "1 瓶装 150 厘升", eur: 1.1, kg: 0.4 },
        { code: "2M", l: 240, w: 120, h: 440, fr: "2 magnums 150 cl", zh: "2 瓶装 150 厘升", eur: 1.7, kg: 0.65 },
        { code: "1D", l: 90, w: 90, h: 330, fr: "1 bouteille 50 cl", zh: "1 瓶装 50 厘升", eur: 0.7, kg: 0.25 },
        { code: "3D", l: 270, w: 90, h: 330, fr: "3 bouteilles 50 cl", zh: "3 瓶装 50 厘升", eur: 1.4, kg: 0.55 },
      ].map((r) => ({ ...r, m3: (r.l * r.w * r.h) / 1e9 / 6 })),
      [
        ["paquet", 25],
        ["paquet", 10],
      ],
      ["étuis", "个"],
    ),
  },

  {
    key: "papier-bulle",
    shape: "roll",
    colour: "#6fb3dc",
    materials: ["Polyéthylène"],
    colours: ["Transparent"],
    mods: [
      BUBBLE,
      [
        ["", "", 1],
        ["recyclé", "再生", 0.95],
        ["antistatique rose", "粉色防静电", 1.35, "Rose"],
      ],
    ],
    desc: [
      "Film à bulles d'air en polyéthylène pour protéger les objets fragiles contre les chocs et les rayures.",
      "聚乙烯气泡膜，保护易碎物品免受冲击和划伤。",
    ],
    options: rolls(
      [
        [300, 100],
        [500, 50],
        [500, 100],
        [750, 100],
        [1000, 50],
        [1000, 100],
        [1200, 100],
        [1500, 100],
        [2000, 50],
      ],
      {
        eurM2: 0.11,
        gM2: 75,
        thick: 4,
        packs: [
          ["lot", 2],
          ["rouleau", 1],
        ],
        mode: "all",
      },
    ),
  },
  {
    key: "chips-calage",
    shape: "chips",
    colour: "#f2b233",
    materials: ["Polystyrène expansé", "Amidon de maïs"],
    colours: ["Blanc", "Vert"],
    mods: [
      [
        ["en S", "S形", 1],
        ["en 8", "8字形", 1.05],
      ],
      [
        ["blanches", "白色", 1, "Blanc"],
        ["vertes recyclées", "绿色再生", 0.95, "Vert"],
        ["biodégradables", "可降解", 1.4, "Blanc"],
      ],
    ],
    desc: [
      "Chips de calage en vrac qui remplissent les vides du colis et immobilisent les objets pendant le transport.",
      "散装填充颗粒，填满箱内空隙，运输中固定物品。",
    ],
    options: items(
      [50, 100, 150, 200, 250, 300, 400, 500].map((l) => ({
        code: `${l}L`,
        cap: `${l} L`,
        l: 700,
        w: 500,
        h: Math.round(l / 0.35 / 1.1),
        fr: `Sac de ${l} L`,
        zh: `${l} 升袋装`,
        eur: 0.034 * l + 1.2,
        kg: 0.008 * l + 0.05,
        m3: l / 1000,
      })),
      [["pièce", 1]],
      ["sacs", "个"],
      "fit",
      120,
    ),
  },
  {
    key: "coussin-air",
    shape: "chips",
    colour: "#52b7a8",
    materials: ["Polyéthylène"],
    colours: ["Transparent"],
    mods: [
      [
        ["standard", "标准", 1],
        ["renforcé", "加厚", 1.2],
      ],
      [
        ["", "", 1],
        ["recyclé", "再生", 0.95],
        ["biosourcé", "生物基", 1.3],
      ],
    ],
    desc: [
      "Coussins d'air en film polyéthylène, gonflés à la demande, pour caler les colis sans encombrer l'entrepôt.",
      "聚乙烯充气袋，按需充气，用于包裹填充且节省仓储空间。",
    ],
    options: rolls(
      [
        [200, 300],
        [200, 600],
        [400, 300],
        [400, 600],
        [200, 450],
        [400, 450],
        [300, 300],
        [300, 600],
      ],
      { eurM2: 0.12, gM2: 20, thick: 0.05, packs: [["rouleau", 1]], noun: ["rouleaux", "卷"] },
    ),
  },
  {
    key: "papier-kraft",
    shape: "roll",
    colour: "#a8743f",
    materials: ["Papier kraft"],
    colours: ["Brun", "Blanc"],
    mods: [PAPER_WEIGHT, PAPER_GRADE],
    desc: [
      "Papier kraft en rouleau pour l'emballage, le calage, la protection des surfaces et le froissage en fond de colis.",
      "牛皮纸卷，用于包装、填充、表面保护和箱底揉团缓冲。",
    ],
    options: rolls(
      [
        [380, 250],
        [500, 100],
        [500, 300],
        [700, 300],
        [750, 250],
        [1000, 100],
        [1000, 300],
        [1200, 300],
      ],
      { eurM2: 0.065, gM2: 70, thick: 0.1, packs: [["rouleau", 1]] },
    ),
  },
  {
    key: "feuille-papier",
    shape: "sheet",
    colour: "#c49a6c",
    materials: ["Papier kraft", "Papier de soie"],
    colours: ["Brun", "Blanc"],
    mods: [PAPER_WEIGHT, PAPER_GRADE],
    desc: [
      "Feuilles de papier prédécoupées, pratiques pour emballer, intercaler ou présenter les marchandises.",
      "预裁纸张，便于包装、隔层或陈列商品。",
    ],
    options: items(
      [
        [375, 500],
        [500, 650],
        [500, 750],
        [600, 800],
        [650, 1000],
        [750, 1000],
        [800, 1200],
        [1000, 1200],
      ].map(([l, w]) => ({
        code: `${l}x${w}`,
        l,
        w,
        h: 1,
        fr: `${l} × ${w} mm`,
        zh: `${l} × ${w} 毫米`,
        eur: (l * w * 0.08) / 1e6 + 0.003,
        kg: (l * w * 70) / 1e9,
        m3: (l * w * 0.11) / 1e9,
      })),
      [
        ["paquet", 500],
        ["paquet", 250],
        ["paquet", 100],
      ],
      ["feuilles", "张"],
      "all",
    ),
  },
  {
    key: "mousse-calage",
    shape: "sheet",
    colour: "#9aa7b0",
    materials: ["Mousse polyéthylène"],
    colours: ["Blanc", "Gris"],
    mods: [
      [
        ["1 mm", "1 毫米", 1],
        ["2 mm", "2 毫米", 1.6],
        ["3 mm", "3 毫米", 2.1],
      ],
      [
        ["", "", 1],
        ["prédécoupée", "预切", 1.1],
        ["antistatique", "防静电", 1.3, "Rose"],
      ],
    ],
    desc: [
      "Mousse polyéthylène souple et légère, non abrasive, pour protéger meubles, vitres et surfaces délicates.",
      "柔软轻质聚乙烯泡棉，不磨损表面，保护家具、玻璃与精细表面。",
    ],
    options: rolls(
      [
        [500, 100],
        [600, 150],
        [750, 100],
        [1000, 100],
        [1000, 250],
        [1200, 100],
        [1500, 100],
        [1500, 250],
      ],
      { eurM2: 0.07, gM2: 22, thick: 1.2, packs: [["rouleau", 1]] },
    ),
  },
  {
    key: "corniere",
    shape: "corner",
    colour: "#a0703c",
    materials: ["Carton compact"],
    colours: ["Brun"],
    mods: [
      [
        ["35 × 35 mm", "35×35 毫米", 1],
        ["45 × 45 mm", "45×45 毫米", 1.2],
        ["50 × 50 mm", "50×50 毫米", 1.35],
      ],
      [
        ["épaisseur 3 mm", "厚3毫米", 1],
        ["épaisseur 5 mm", "厚5毫米", 1.4],
      ],
    ],
    desc: [
      "Cornières en carton compact pour protéger les angles des palettes et répartir la tension du cerclage.",
      "硬纸板护角，保护托盘边角并分散打包带张力。",
    ],
    options: items(
      [400, 600, 800, 1000, 1200, 1500, 1800, 2000, 2400].map((l) => ({
        code: `L${l}`,
        l,
        w: 40,
        h: 40,
        fr: `longueur ${l} mm`,
        zh: `长 ${l} 毫米`,
        eur: 0.00018 * l + 0.03,
        kg: 0.00025 * l,
        m3: (l * 40 * 8) / 1e9,
      })),
      [
        ["paquet", 100],
        ["paquet", 50],
      ],
      ["cornières", "个"],
    ),
  },

  {
    key: "film-etirable",
    shape: "roll",
    colour: "#8ec3ea",
    materials: ["Polyéthylène basse densité"],
    colours: ["Transparent"],
    mods: [FILM_GAUGE, FILM_TYPE],
    desc: [
      "Film étirable manuel pour filmer et stabiliser les palettes, bonne résistance à la perforation.",
      "手用缠绕膜，用于托盘缠绕固定，抗穿刺性能好。",
    ],
    options: rolls(
      [
        [450, 200],
        [450, 250],
        [450, 300],
        [500, 200],
        [500, 250],
        [500, 300],
        [430, 270],
        [500, 350],
      ],
      {
        eurM2: 0.022,
        gM2: 18,
        thick: 0.02,
        packs: [
          ["carton", 6],
          ["rouleau", 1],
        ],
        mode: "all",
        noun: ["rouleaux", "卷"],
      },
    ),
  },
  {
    key: "film-machine",
    shape: "roll",
    colour: "#5a9bd4",
    materials: ["Polyéthylène basse densité"],
    colours: ["Transparent"],
    mods: [FILM_GAUGE, FILM_GRADE],
    desc: ["Film étirable pour banderoleuse, grand allongement et excellente tenue de charge.", "机用缠绕膜，高拉伸率，负载稳固性出色。"],
    options: rolls(
      [
        [500, 1200],
        [500, 1500],
        [500, 1700],
        [500, 2000],
        [750, 1500],
        [500, 2500],
        [500, 1000],
        [750, 1000],
      ],
      { eurM2: 0.021, gM2: 17, thick: 0.02, packs: [["rouleau", 1]] },
    ),
  },
  {
    key: "film-retractable",
    shape: "roll",
    colour: "#b3d4ee",
    materials: ["Polyoléfine", "Polyéthylène"],
    colours: ["Transparent"],
    mods: [
      [
        ["15 µm", "15 微米", 1],
        ["19 µm", "19 微米", 1.2],
        ["25 µm", "25 微米", 1.5],
      ],
      [
        ["en gaine", "筒状", 1],
        ["demi-gaine", "半筒", 0.95],
        ["à plat", "平膜", 0.9],
      ],
    ],
    desc: [
      "Film rétractable qui se resserre à la chaleur autour du produit pour une présentation nette et protégée.",
      "热收缩膜，受热后紧贴商品，外观整洁且防护到位。",
    ],
    options: rolls(
      [
        [250, 500],
        [300, 500],
        [350, 500],
        [400, 500],
        [450, 500],
        [500, 500],
        [600, 500],
        [800, 250],
      ],
      { eurM2: 0.05, gM2: 17, thick: 0.02, packs: [["rouleau", 1]] },
    ),
  },
  {
    key: "gaine-polyethylene",
    shape: "roll",
    colour: "#7d9fb5",
    materials: ["Polyéthylène"],
    colours: ["Transparent", "Noir"],
    mods: [
      [
        ["50 µm", "50 微米", 1],
        ["100 µm", "100 微米", 1.9],
        ["150 µm", "150 微米", 2.7],
      ],
      [
        ["transparente", "透明", 1, "Transparent"],
        ["noire", "黑色", 1.05, "Noir"],
      ],
    ],
    desc: [
      "Gaine et film polyéthylène en rouleau, à découper à la longueur voulue pour housser, couvrir ou protéger.",
      "聚乙烯筒膜卷，可按需裁切，用于套装、覆盖或保护。",
    ],
    options: rolls(
      [
        [300, 250],
        [400, 250],
        [500, 250],
        [600, 250],
        [800, 100],
        [1000, 100],
        [1200, 100],
        [1500, 50],
      ],
      { eurM2: 0.055, gM2: 46, thick: 0.1, packs: [["rouleau", 1]] },
    ),
  },
  {
    key: "ruban-adhesif",
    shape: "tape",
    colour: "#c99a4a",
    materials: ["Polypropylène"],
    colours: ["Havane"],
    mods: [TAPE_COLOUR, TAPE_GRADE],
    desc: [
      "Ruban adhésif d'emballage pour la fermeture des cartons, adhésion immédiate et déroulement régulier.",
      "封箱胶带，即贴即粘，放卷顺畅。",
    ],
    options: tapes(
      [
        [25, 66],
        [38, 66],
        [48, 66],
        [50, 66],
        [50, 100],
        [50, 132],
        [75, 66],
        [75, 132],
      ],
      {
        eurM2: 0.14,
        gM2: 75,
        packs: [
          ["carton", 36],
          ["lot", 6],
        ],
      },
    ),
  },
  {
    key: "kraft-gomme",
    shape: "tape",
    colour: "#9c6a3f",
    materials: ["Papier kraft gommé"],
    colours: ["Brun", "Blanc"],
    mods: [
      [
        ["brun", "棕色", 1, "Brun"],
        ["blanc", "白色", 1.1, "Blanc"],
      ],
      [
        ["", "", 1],
        ["armé", "加筋", 1.45],
        ["70 g/m²", "70 克", 1.05],
      ],
    ],
    desc: [
      "Ruban kraft gommé à humidifier : fermeture inviolable, 100 % papier, recyclable avec le carton.",
      "湿水牛皮纸胶带：封口防拆，纯纸材质，可与纸箱一起回收。",
    ],
    options: tapes(
      [
        [50, 50],
        [60, 50],
        [70, 50],
        [50, 184],
        [60, 184],
        [70, 184],
        [72, 200],
        [80, 200],
      ],
      {
        eurM2: 0.11,
        gM2: 90,
        packs: [
          ["carton", 24],
          ["lot", 6],
        ],
      },
    ),
  },
  {
    key: "adhesif-special",
    shape: "tape",
    colour: "#e3b23c",
    materials: ["Papier crêpé", "PVC", "Mousse"],
    colours: ["Jaune", "Blanc"],
    mods: [
      [
        ["", "", 1],
        ["usage intérieur", "室内用", 1],
        ["usage extérieur", "室外用", 1.15],
      ],
      [
        ["standard", "标准", 1],
        ["haute adhérence", "强粘", 1.2],
      ],
    ],
    desc: [
      "Adhésif technique pour le marquage, le masquage, l'assemblage ou la signalisation au sol.",
      "技术胶带，用于标记、遮蔽、粘合或地面标识。",
    ],
    options: tapes(
      [
        [12, 50],
        [19, 33],
        [19, 50],
        [25, 50],
        [38, 50],
        [50, 33],
        [50, 50],
        [75, 33],
      ],
      {
        eurM2: 0.5,
        gM2: 140,
        packs: [
          ["carton", 36],
          ["lot", 6],
        ],
      },
    ),
  },
  {
    key: "devidoir",
    shape: "tool",
    colour: "#c0392b",
    materials: ["Acier et plastique"],
    colours: ["Rouge", "Noir"],
    mods: [
      [
        ["standard", "标准", 1],
        ["professionnel", "专业", 1.35],
      ],
      [
        ["", "", 1],
        ["avec frein réglable", "可调阻尼", 1.1],
      ],
    ],
    desc: [
      "Dévidoir robuste qui accélère la fermeture des colis et coupe net le ruban grâce à sa lame protégée.",
      "坚固的胶带切割器，加快封箱，护刀设计切口整齐。",
    ],
    options: items(
      [
        { code: "PIST50", l: 250, w: 90, h: 210, fr: "Pistolet pour ruban 50 mm", zh: "50 毫米胶带枪", eur: 6.5, kg: 0.45 },
        { code: "PIST75", l: 280, w: 110, h: 230, fr: "Pistolet pour ruban 75 mm", zh: "75 毫米胶带枪", eur: 11.9, kg: 0.6 },
        { code: "SIL50", l: 260, w: 90, h: 210, fr: "Pistolet silencieux 50 mm", zh: "50 毫米静音胶带枪", eur: 9.8, kg: 0.5 },
        { code: "TABLE25", l: 160, w: 70, h: 90, fr: "Dévidoir de bureau 25 mm", zh: "25 毫米桌面切割器", eur: 4.2, kg: 0.4 },
        { code: "TABLE50", l: 300, w: 120, h: 160, fr: "Dévidoir de table 50 mm", zh: "50 毫米台式切割器", eur: 18.5, kg: 1.6 },
        { code: "GOMME", l: 400, w: 200, h: 250, fr: "Dévidoir manuel kraft gommé", zh: "手动湿水纸胶带机", eur: 89, kg: 6.5 },
        { code: "FILM", l: 500, w: 100, h: 100, fr: "Dérouleur de film étirable", zh: "缠绕膜放卷器", eur: 14.5, kg: 0.7 },
        { code: "MINI", l: 300, w: 60, h: 60, fr: "Poignée pour mini-rouleau", zh: "小卷膜手柄", eur: 3.9, kg: 0.15 },
      ],
      [["pièce", 1]],
      ["pièces", "件"],
      "fit",
      120,
    ),
  },
];
