// Product ranges: bags & pouches, food-contact and take-away packaging.
import { bags, boxes, cups, items, type ModDef, type Range } from "./range-kit.ts";

const KRAFT_COLOUR: ModDef[] = [
  ["brun", "棕色", 1, "Brun"],
  ["blanc", "白色", 1.12, "Blanc"],
  ["noir", "黑色", 1.2, "Noir"],
];
const KRAFT_GRADE: ModDef[] = [
  ["", "", 1],
  ["recyclé", "再生", 0.95],
  ["renforcé", "加厚", 1.15],
  ["imprimé Merci", "印“谢谢”", 1.1],
];
const PE_COLOUR: ModDef[] = [
  ["blanc", "白色", 1, "Blanc"],
  ["transparent", "透明", 1, "Transparent"],
  ["noir", "黑色", 1.05, "Noir"],
  ["bleu", "蓝色", 1.05, "Bleu"],
];
const PE_GRADE: ModDef[] = [
  ["standard", "标准", 1],
  ["épais", "加厚", 1.35],
  ["réutilisable 50 µm", "可重复使用 50 微米", 1.6],
  ["recyclé", "再生", 0.92],
];
const FOOD_GRADE: ModDef[] = [
  ["", "", 1],
  ["compostable", "可堆肥", 1.25],
  ["premium", "高级", 1.18],
];
const FOOD_COLOUR: ModDef[] = [
  ["kraft", "牛皮", 1, "Brun"],
  ["blanc", "白色", 1.04, "Blanc"],
  ["noir", "黑色", 1.08, "Noir"],
];
const CUP_DECOR: ModDef[] = [
  ["blanc", "白色", 1, "Blanc"],
  ["décor café", "咖啡图案", 1.08, "Brun"],
  ["kraft", "牛皮", 1.05, "Brun"],
  ["noir", "黑色", 1.1, "Noir"],
];
const CUP_WALL: ModDef[] = [
  ["simple paroi", "单层", 1],
  ["double paroi", "双层", 1.6],
  ["ripple isolant", "瓦楞隔热", 1.75],
];

export const bagFoodRanges: Range[] = [
  {
    key: "sac-kraft",
    shape: "tote",
    colour: "#b07a45",
    materials: ["Papier kraft"],
    colours: ["Brun"],
    mods: [KRAFT_COLOUR, KRAFT_GRADE],
    desc: [
      "Sac en papier kraft à poignées, solide et élégant, pour les commerces, la vente à emporter et les boutiques.",
      "带提手牛皮纸袋，结实美观，适用于零售、外卖和精品店。",
    ],
    options: bags(
      [
        [180, 80, 220],
        [220, 100, 280],
        [240, 110, 310],
        [260, 120, 350],
        [320, 140, 420],
        [350, 160, 450],
        [450, 170, 480],
        [540, 150, 500],
      ],
      {
        eurKg: 3.2,
        gM2: 90,
        base: 0.07,
        packs: [
          ["carton", 250],
          ["carton", 200],
          ["carton", 100],
          ["carton", 50],
        ],
      },
    ),
  },
  {
    key: "sachet-kraft",
    shape: "bag",
    colour: "#c9955e",
    materials: ["Papier kraft"],
    colours: ["Brun", "Blanc"],
    mods: [
      KRAFT_COLOUR,
      [
        ["", "", 1],
        ["ingraissable", "防油", 1.2],
        ["à fenêtre", "开窗", 1.25],
        ["fond plat", "平底", 1.05],
      ],
    ],
    desc: [
      "Sachet kraft à fond plat, sans poignée, pour la boulangerie, l'épicerie, la vente en vrac et les plats à emporter.",
      "无提手平底牛皮纸袋，适用于面包店、食杂、散装和外卖。",
    ],
    options: bags(
      [
        [100, 50, 200],
        [140, 80, 220],
        [180, 110, 230],
        [220, 120, 280],
        [260, 140, 320],
        [300, 170, 420],
        [350, 180, 430],
        [120, 60, 240],
      ],
      {
        eurKg: 2.8,
        gM2: 60,
        base: 0.003,
        packs: [
          ["carton", 1000],
          ["carton", 500],
          ["carton", 250],
        ],
      },
    ),
  },
  {
    key: "sac-plastique",
    shape: "bag",
    colour: "#4f8fd1",
    materials: ["Polyéthylène haute densité", "Polyéthylène basse densité"],
    colours: ["Blanc"],
    mods: [PE_COLOUR, PE_GRADE],
    desc: [
      "Sac plastique pour la caisse et l'emballage des achats, conditionné en liasse ou en carton pour une distribution rapide.",
      "收银购物塑料袋，成扎或整箱包装，取用便捷。",
    ],
    options: bags(
      [
        [220, 0, 400],
        [260, 0, 450],
        [260, 0, 500],
        [300, 0, 550],
        [320, 0, 600],
        [350, 0, 650],
        [400, 0, 700],
        [500, 0, 550],
        [450, 0, 500],
      ],
      {
        eurKg: 2.9,
        gM2: 24,
        packs: [
          ["carton", 2000],
          ["carton", 1000],
          ["carton", 500],
          ["paquet", 100],
        ],
      },
    ),
  },
  {
    key: "sac-poubelle",
    shape: "trash",
    colour: "#2f3a45",
    materials: ["Polyéthylène basse densité"],
    colours: ["Noir"],
    mods: [
      [
        ["noir", "黑色", 1, "Noir"],
        ["gris", "灰色", 1, "Gris"],
        ["bleu", "蓝色", 1.03, "Bleu"],
        ["transparent", "透明", 1.03, "Transparent"],
      ],
      [
        ["standard", "标准", 1],
        ["à liens coulissants", "抽绳", 1.25],
        ["haute résistance", "高强度", 1.45],
      ],
    ],
    desc: [
      "Sac poubelle résistant à la déchirure et aux écoulements, pour les cuisines, bureaux, ateliers et collectivités.",
      "垃圾袋防撕裂、防渗漏，适用于厨房、办公室、车间和公共机构。",
    ],
    options: bags(
      [
        [500, 0, 550, "20 L"],
        [600, 0, 700, "30 L"],
        [700, 0, 800, "50 L"],
        [800, 0, 1000, "100 L"],
        [800, 0, 1100, "110 L"],
        [800, 0, 1200, "130 L"],
        [900, 0, 1200, "160 L"],
        [1000, 0, 1400, "240 L"],
      ],
      {
        eurKg: 2.6,
        gM2: 28,
        packs: [
          ["carton", 500],
          ["carton", 200],
          ["rouleau", 25],
          ["rouleau", 10],
        ],
        mode: "all",
      },
    ),
  },
  {
    key: "sachet-zip",
    shape: "zip",
    colour: "#3fa7d6",
    materials: ["Polyéthylène basse densité"],
    colours: ["Transparent"],
    mods: [
      [
        ["50 µm", "50 微米", 1],
        ["90 µm", "90 微米", 1.6],
      ],
      [
        ["", "", 1],
        ["à bande blanche", "带白色书写条", 1.08],
        ["à fond plat", "平底", 1.2],
        ["alimentaire", "食品级", 1.05],
      ],
    ],
    desc: [
      "Sachet à fermeture zip, refermable à volonté, pour conserver, trier et présenter petites pièces et denrées.",
      "自封袋，可反复开合，用于储存、分拣及陈列小件和食品。",
    ],
    options: bags(
      [
        [40, 0, 60],
        [60, 0, 80],
        [80, 0, 120],
        [100, 0, 150],
        [120, 0, 180],
        [160, 0, 220],
        [200, 0, 250],
        [250, 0, 350],
        [300, 0, 400],
      ],
      {
        eurKg: 6.5,
        gM2: 46,
        packs: [
          ["carton", 1000],
          ["paquet", 100],
        ],
        mode: "all",
      },
    ),
  },
  {
    key: "sachet-cristal",
    shape: "bag",
    colour: "#8fd0e8",
    materials: ["Polypropylène"],
    colours: ["Transparent"],
    mods: [
      [
        ["", "", 1],
        ["à rabat adhésif", "自粘封口", 1.2],
        ["à fond carton", "带纸底", 1.35],
      ],
      [
        ["standard", "标准", 1],
        ["alimentaire", "食品级", 1.05],
        ["micro-perforé", "微孔", 1.1],
      ],
    ],
    desc: [
      "Sachet cristal d'une grande transparence qui met en valeur confiseries, biscuits, textiles ou petits objets.",
      "高透明度玻璃袋，突出展示糖果、饼干、纺织品或小物件。",
    ],
    options: bags(
      [
        [70, 0, 100],
        [80, 0, 150],
        [100, 0, 200],
        [120, 0, 200],
        [150, 0, 250],
        [180, 0, 300],
        [200, 0, 300],
        [250, 0, 350],
      ],
      {
        eurKg: 7,
        gM2: 32,
        packs: [
          ["carton", 1000],
          ["paquet", 100],
        ],
        mode: "all",
      },
    ),
  },
  {
    key: "sac-reutilisable",
    shape: "tote",
    colour: "#2e8b57",
    materials: ["Polypropylène non tissé", "Coton"],
    colours: ["Vert", "Noir", "Bleu"],
    mods: [
      [
        ["vert", "绿色", 1, "Vert"],
        ["noir", "黑色", 1, "Noir"],
        ["bleu marine", "海军蓝", 1, "Bleu"],
        ["écru", "米色", 1.3, "Écru"],
      ],
      [
        ["", "", 1],
        ["laminé", "覆膜", 1.3],
        ["isotherme", "保温", 1.8],
      ],
    ],
    desc: [
      "Sac cabas réutilisable, solide et lavable, alternative durable aux sacs à usage unique.",
      "可重复使用的购物袋，结实可洗，替代一次性袋子的环保选择。",
    ],
    options: items(
      [
        [250, 100, 300],
        [300, 100, 350],
        [350, 150, 400],
        [380, 100, 420],
        [400, 200, 400],
        [450, 150, 450],
        [500, 200, 400],
        [600, 200, 450],
      ].map(([w, g, h]) => ({
        code: `${w}x${g}x${h}`,
        l: g,
        w,
        h,
        fr: `${w} × ${g} × ${h} mm`,
        zh: `${w} × ${g} × ${h} 毫米`,
        eur: 0.25 + (w * h) / 400000,
        kg: (w * h * 2 * 80) / 1e9 + 0.02,
        m3: ((w * h * 2) / 1e6) * 0.0006,
      })),
      [
        ["carton", 100],
        ["paquet", 25],
      ],
      ["sacs", "个"],
      "all",
      120,
    ),
  },

  {
    key: "boite-burger",
    shape: "burger",
    colour: "#e6a04b",
    materials: ["Carton alimentaire"],
    colours: ["Brun", "Blanc"],
    mods: [FOOD_COLOUR, FOOD_GRADE],
    desc: [
      "Boîte à charnière en carton alimentaire, à fermeture clipsée, qui garde les préparations chaudes jusqu'au client.",
      "食品级纸板翻盖盒，卡扣式封口，确保食物送达顾客时仍保温。",
    ],
    options: boxes(
      [
        [100, 100, 80],
        [115, 115, 80],
        [130, 130, 90],
        [150, 150, 95],
        [170, 140, 80],
        [200, 140, 50],
        [230, 150, 60],
        [250, 180, 70],
      ],
      {
        eurM2: 1.25,
        gM2: 320,
        thick: 0.8,
        base: 0.02,
        packs: [
          ["carton", 500],
          ["carton", 300],
          ["carton", 150],
        ],
        noun: ["boîtes", "个"],
      },
    ),
  },
  {
    key: "barquette-aluminium",
    shape: "tray",
    colour: "#aab4bd",
    materials: ["Aluminium"],
    colours: ["Argent"],
    mods: [
      [
        ["", "", 1],
        ["avec couvercle carton", "带纸盖", 1.4],
        ["avec couvercle plastique", "带塑料盖", 1.5],
      ],
      [
        ["standard", "标准", 1],
        ["rigide", "加硬", 1.2],
      ],
    ],
    desc: [
      "Barquette en aluminium recyclable, compatible four et congélateur, pour les plats cuisinés et traiteur.",
      "可回收铝箔餐盒，可进烤箱和冷冻，适合熟食和外卖。",
    ],
    options: items(
      [
        [250, 145, 100, 35],
        [400, 180, 110, 40],
        [500, 200, 120, 45],
        [750, 210, 150, 40],
        [1000, 225, 160, 50],
        [1500, 260, 190, 50],
        [2000, 310, 210, 55],
        [3000, 320, 260, 60],
      ].map(([ml, l, w, h]) => ({
        code: `${ml}ML`,
        l,
        w,
        h,
        cap: ml >= 1000 ? `${ml / 1000} L`.replace(".", ",") : `${ml} ml`,
        fr: `${ml >= 1000 ? `${String(ml / 1000).replace(".", ",")} L` : `${ml} ml`} – ${l} × ${w} mm`,
        zh: `${ml >= 1000 ? `${ml / 1000} 升` : `${ml} 毫升`} – ${l} × ${w} 毫米`,
        eur: 0.03 + ml * 0.00006,
        kg: 0.006 + ml * 0.000012,
        m3: (l * w * h) / 1e9 / 5,
      })),
      [
        ["carton", 1000],
        ["carton", 500],
        ["carton", 250],
        ["paquet", 100],
      ],
      ["barquettes", "个"],
    ),
  },
  {
    key: "barquette-repas",
    shape: "tray",
    colour: "#3c4a57",
    materials: ["Polypropylène", "Carton kraft"],
    colours: ["Noir", "Brun"],
    mods: [
      [
        ["noire", "黑色", 1, "Noir"],
        ["kraft", "牛皮", 1.1, "Brun"],
        ["blanche", "白色", 1, "Blanc"],
      ],
      [
        ["1 compartiment", "单格", 1],
        ["2 compartiments", "两格", 1.12],
        ["3 compartiments", "三格", 1.2],
      ],
    ],
    desc: [
      "Barquette repas avec couvercle, passe au micro-ondes, idéale pour la vente à emporter et la livraison.",
      "带盖餐盒，可微波加热，适合外卖与配送。",
    ],
    options: cups(
      [
        [375, 150, 45, 0.09, 12],
        [500, 170, 50, 0.1, 14],
        [650, 185, 55, 0.12, 16],
        [750, 190, 60, 0.13, 18],
        [900, 200, 65, 0.15, 20],
        [1000, 210, 65, 0.16, 22],
        [1200, 225, 70, 0.19, 25],
        [1500, 240, 75, 0.22, 30],
      ],
      [
        ["carton", 300],
        ["carton", 150],
        ["paquet", 50],
      ],
      ["barquettes", "个"],
      "fit",
    ),
  },
  {
    key: "boite-pizza",
    shape: "pizza",
    colour: "#d8663b",
    materials: ["Carton micro-cannelure"],
    colours: ["Brun", "Blanc"],
    mods: [
      [
        ["kraft", "牛皮", 1, "Brun"],
        ["blanche", "白色", 1.08, "Blanc"],
        ["imprimée Pizza", "印“披萨”", 1.06, "Brun"],
      ],
      [
        ["", "", 1],
        ["ventilée", "透气", 1.05],
        ["renforcée", "加厚", 1.15],
      ],
    ],
    desc: [
      "Boîte pizza en carton micro-cannelure, rigide et isolante, avec aérations pour garder la pâte croustillante.",
      "微瓦楞披萨盒，硬挺保温，带透气孔保持饼底酥脆。",
    ],
    options: boxes(
      [
        [260, 260, 40],
        [290, 290, 40],
        [310, 310, 40],
        [330, 330, 40],
        [360, 360, 40],
        [400, 400, 45],
        [450, 450, 45],
        [500, 500, 50],
      ],
      {
        eurM2: 0.55,
        gM2: 400,
        thick: 2,
        base: 0.02,
        packs: [
          ["paquet", 100],
          ["paquet", 50],
        ],
        noun: ["boîtes", "个"],
      },
    ),
  },
  {
    key: "gobelet-carton",
    shape: "cup",
    colour: "#c0392b",
    materials: ["Carton alimentaire"],
    colours: ["Blanc"],
    mods: [CUP_DECOR, CUP_WALL],
    desc: [
      "Gobelet en carton pour boissons chaudes et froides, bord roulé confortable, compatible avec les couvercles assortis.",
      "纸杯适用于冷热饮，卷边舒适，可配套杯盖。",
    ],
    options: cups(
      [
        [100, 62, 60, 0.024, 4],
        [120, 70, 70, 0.027, 5],
        [180, 80, 80, 0.033, 6],
        [250, 80, 95, 0.045, 8],
        [300, 90, 100, 0.052, 9],
        [350, 90, 110, 0.058, 10],
        [400, 90, 130, 0.065, 11],
        [500, 90, 150, 0.079, 13],
      ],
      [
        ["carton", 1000],
        ["paquet", 50],
        ["pièce", 1],
      ],
      ["gobelets", "个"],
    ),
  },
  {
    key: "gobelet-plastique",
    shape: "cup",
    colour: "#3498db",
    materials: ["Polypropylène", "PET"],
    colours: ["Transparent"],
    mods: [
      [
        ["transparent", "透明", 1, "Transparent"],
        ["givré", "磨砂", 1.1, "Transparent"],
        ["bleu", "蓝色", 1.12, "Bleu"],
      ],
      [
        ["réutilisable", "可重复使用", 1],
        ["gradué", "带刻度", 1.08],
        ["incassable", "防摔", 1.3],
      ],
    ],
    desc: [
      "Gobelet plastique réutilisable et lavable, pour les bars, événements et distributeurs de boissons.",
      "可重复使用、可清洗的塑料杯，适用于酒吧、活动和饮料机。",
    ],
    options: cups(
      [
        [200, 70, 90, 0.05, 6],
        [250, 78, 95, 0.06, 7],
        [300, 78, 110, 0.07, 8],
        [330, 80, 115, 0.075, 9],
        [400, 90, 125, 0.09, 11],
        [500, 95, 140, 0.11, 13],
        [600, 95, 160, 0.13, 15],
        [700, 95, 180, 0.15, 17],
      ],
      [
        ["carton", 500],
        ["paquet", 50],
      ],
      ["gobelets", "个"],
    ),
  },
  {
    key: "couvercle",
    shape: "cup",
    colour: "#8aa1ad",
    materials: ["Polystyrène", "Carton alimentaire"],
    colours: ["Blanc", "Noir"],
    mods: [
      [
        ["blanc", "白色", 1, "Blanc"],
        ["noir", "黑色", 1, "Noir"],
        ["transparent", "透明", 1.05, "Transparent"],
      ],
      [
        ["plat", "平盖", 1],
        ["dôme", "拱形", 1.2],
        ["avec bec verseur", "带饮口", 1.1],
      ],
    ],
    desc: [
      "Couvercle ajusté pour gobelets et pots, qui limite les renversements pendant le transport.",
      "适配杯子与碗的盖子，运输中防止洒漏。",
    ],
    options: items(
      [62, 70, 80, 90, 95, 98, 115, 150].map((d) => ({
        code: `D${d}`,
        l: d,
        w: d,
        h: 15,
        fr: `Ø ${d} mm`,
        zh: `直径 ${d} 毫米`,
        eur: 0.008 + d * 0.00018,
        kg: 0.002 + d * 0.00002,
        m3: (d * d * 4) / 1e9,
      })),
      [
        ["carton", 1000],
        ["paquet", 100],
      ],
      ["couvercles", "个"],
      "all",
    ),
  },
  {
    key: "couverts-bois",
    shape: "cutlery",
    colour: "#c8a165",
    materials: ["Bois de bouleau"],
    colours: ["Naturel"],
    mods: [
      [
        ["naturel", "原木", 1, "Naturel"],
        ["ciré", "打蜡", 1.1, "Naturel"],
      ],
      [
        ["", "", 1],
        ["emballés individuellement", "独立包装", 1.35],
        ["premium", "高级", 1.2],
      ],
    ],
    desc: [
      "Couverts jetables en bois de bouleau, solides et sans plastique, pour la restauration rapide et les traiteurs.",
      "桦木一次性餐具，结实无塑，适合快餐与外烩。",
    ],
    options: items(
      [
        { code: "FOUR160", l: 160, w: 25, h: 3, fr: "Fourchette 160 mm", zh: "叉子 160 毫米", eur: 0.018, kg: 0.003 },
        { code: "COUT165", l: 165, w: 20, h: 3, fr: "Couteau 165 mm", zh: "刀 165 毫米", eur: 0.018, kg: 0.003 },
        { code: "CUIL160", l: 160, w: 35, h: 5, fr: "Cuillère 160 mm", zh: "勺子 160 毫米", eur: 0.019, kg: 0.003 },
        { code: "CAFE110", l: 110, w: 22, h: 3, fr: "Cuillère à café 110 mm", zh: "咖啡勺 110 毫米", eur: 0.011, kg: 0.0015 },
        { code: "TOUIL140", l: 140, w: 6, h: 2, fr: "Touillette 140 mm", zh: "搅拌棒 140 毫米", eur: 0.004, kg: 0.0008 },
        { code: "KIT3", l: 200, w: 60, h: 10, fr: "Kit fourchette, couteau, serviette", zh: "叉刀餐巾套装", eur: 0.065, kg: 0.009 },
        { code: "KIT4", l: 220, w: 70, h: 12, fr: "Kit 4 en 1 avec sel et poivre", zh: "四合一套装（含盐和胡椒）", eur: 0.085, kg: 0.012 },
        { code: "PIQUE90", l: 90, w: 3, h: 3, fr: "Pique brochette 90 mm", zh: "竹签 90 毫米", eur: 0.003, kg: 0.0004 },
      ].map((r) => ({ ...r, m3: ((r.l * r.w * r.h) / 1e9) * 1.5 })),
      [
        ["carton", 1000],
        ["paquet", 100],
      ],
      ["pièces", "件"],
      "all",
    ),
  },
  {
    key: "assiette-carton",
    shape: "plate",
    colour: "#e9c46a",
    materials: ["Pulpe de canne à sucre", "Carton alimentaire"],
    colours: ["Blanc", "Naturel"],
    mods: [
      [
        ["blanche", "白色", 1, "Blanc"],
        ["naturelle", "原色", 1, "Naturel"],
      ],
      [
        ["", "", 1],
        ["compartimentée", "分格", 1.2],
        ["extra-rigide", "特硬", 1.25],
      ],
    ],
    desc: [
      "Vaisselle jetable compostable en fibres végétales, résistante aux graisses et aux plats chauds.",
      "可堆肥植物纤维一次性餐具，耐油耐热。",
    ],
    options: items(
      [150, 180, 200, 230, 260]
        .flatMap((d) => [
          {
            code: `R${d}`,
            l: d,
            w: d,
            h: 20,
            fr: `Assiette ronde Ø ${d} mm`,
            zh: `圆盘 直径 ${d} 毫米`,
            eur: 0.02 + d * 0.00025,
            kg: d * 0.00005,
            m3: (d * d * 3) / 1e9,
          },
        ])
        .concat(
          [
            [150, 100],
            [220, 160],
            [260, 200],
          ].map(([l, w]) => ({
            code: `P${l}x${w}`,
            l,
            w,
            h: 20,
            fr: `Plateau ${l} × ${w} mm`,
            zh: `托盘 ${l} × ${w} 毫米`,
            eur: 0.03 + l * 0.0003,
            kg: l * 0.00006,
            m3: (l * w * 3) / 1e9,
          })),
        ),
      [
        ["carton", 500],
        ["paquet", 50],
      ],
      ["pièces", "件"],
      "all",
    ),
  },
  {
    key: "paille-papier",
    shape: "cutlery",
    colour: "#e76f51",
    materials: ["Papier"],
    colours: ["Blanc", "Noir", "Rayé"],
    mods: [
      [
        ["blanche", "白色", 1, "Blanc"],
        ["noire", "黑色", 1.05, "Noir"],
        ["rayée rouge", "红条纹", 1.08, "Rouge"],
        ["kraft", "牛皮", 1.03, "Brun"],
      ],
      [
        ["", "", 1],
        ["emballée individuellement", "独立包装", 1.4],
      ],
    ],
    desc: [
      "Paille en papier alimentaire, rigide et sans plastique, qui tient dans les boissons froides.",
      "食品级纸吸管，挺硬无塑，在冷饮中不易变软。",
    ],
    options: items(
      [
        [6, 140],
        [6, 200],
        [8, 200],
        [6, 230],
        [8, 230],
        [10, 230],
        [12, 230],
        [8, 255],
      ].map(([d, l]) => ({
        code: `${d}x${l}`,
        l,
        w: d,
        h: d,
        fr: `Ø ${d} × ${l} mm`,
        zh: `直径 ${d} × ${l} 毫米`,
        eur: 0.006 + d * l * 0.000006,
        kg: ((d * l) / 1e6) * 0.4,
        m3: (d * d * l) / 1e9,
      })),
      [
        ["carton", 2500],
        ["paquet", 250],
      ],
      ["pailles", "根"],
      "all",
    ),
  },
  {
    key: "serviette",
    shape: "towel",
    colour: "#e63946",
    materials: ["Ouate de cellulose"],
    colours: ["Blanc"],
    mods: [
      [
        ["blanche", "白色", 1, "Blanc"],
        ["bordeaux", "酒红色", 1.15, "Bordeaux"],
        ["noire", "黑色", 1.15, "Noir"],
        ["kraft", "牛皮", 1.1, "Brun"],
      ],
      [
        ["", "", 1],
        ["gaufrée", "压花", 1.08],
        ["effet tissu", "仿布", 1.6],
      ],
    ],
    desc: [
      "Serviette de table douce et absorbante, pour la restauration, les traiteurs et les réceptions.",
      "柔软吸水的餐巾纸，适合餐饮、外烩和宴会。",
    ],
    options: items(
      [
        { code: "2020-1P", l: 200, w: 200, fr: "20 × 20 cm, 1 pli", zh: "20 × 20 厘米 单层", eur: 0.004, kg: 0.0012 },
        { code: "2020-2P", l: 200, w: 200, fr: "20 × 20 cm, 2 plis", zh: "20 × 20 厘米 双层", eur: 0.006, kg: 0.0018 },
        { code: "3030-2P", l: 300, w: 300, fr: "30 × 30 cm, 2 plis", zh: "30 × 30 厘米 双层", eur: 0.009, kg: 0.004 },
        { code: "3333-2P", l: 330, w: 330, fr: "33 × 33 cm, 2 plis", zh: "33 × 33 厘米 双层", eur: 0.011, kg: 0.0048 },
        { code: "3838-2P", l: 380, w: 380, fr: "38 × 38 cm, 2 plis", zh: "38 × 38 厘米 双层", eur: 0.014, kg: 0.0062 },
        { code: "4040-2P", l: 400, w: 400, fr: "40 × 40 cm, 2 plis", zh: "40 × 40 厘米 双层", eur: 0.016, kg: 0.0068 },
        { code: "4040-3P", l: 400, w: 400, fr: "40 × 40 cm, 3 plis", zh: "40 × 40 厘米 三层", eur: 0.022, kg: 0.01 },
        { code: "4040-AL", l: 400, w: 400, fr: "40 × 40 cm, airlaid", zh: "40 × 40 厘米 无尘纸", eur: 0.06, kg: 0.014 },
      ].map((r) => ({ ...r, h: 2, m3: (r.l * r.w * 0.5) / 1e9 })),
      [
        ["carton", 2000],
        ["carton", 1000],
        ["paquet", 100],
      ],
      ["serviettes", "张"],
      "all",
    ),
  },
  {
    key: "pot-salade",
    shape: "cup",
    colour: "#6ab04c",
    materials: ["PET recyclé", "Carton kraft"],
    colours: ["Transparent", "Brun"],
    mods: [
      [
        ["transparent", "透明", 1, "Transparent"],
        ["kraft", "牛皮", 1.1, "Brun"],
      ],
      [
        ["avec couvercle", "带盖", 1],
        ["couvercle à charnière", "连体盖", 1.1],
        ["avec insert", "带内托", 1.3],
      ],
    ],
    desc: [
      "Saladier et pot avec couvercle étanche, pour les salades, desserts, sauces et préparations froides.",
      "带密封盖的沙拉碗和杯，适合沙拉、甜品、酱料和冷食。",
    ],
    options: cups(
      [
        [60, 62, 35, 0.025, 3],
        [120, 75, 45, 0.035, 5],
        [250, 100, 55, 0.07, 9],
        [375, 125, 55, 0.09, 12],
        [500, 140, 60, 0.11, 14],
        [750, 160, 70, 0.14, 18],
        [1000, 170, 80, 0.17, 22],
        [1500, 190, 95, 0.22, 28],
      ],
      [
        ["carton", 500],
        ["carton", 300],
        ["paquet", 50],
      ],
      ["pots", "个"],
      "fit",
    ),
  },
];
