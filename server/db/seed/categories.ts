// The category tree under ACCUEIL (id 1). Level-1 ids are fixed (3 = Métiers, linked from the footer);
// deeper ids follow depth-first. Every leaf holds one product line: a range, a reference prefix, a base name.
import type { ModDef } from "./range-kit.ts";

export type Line = { r: string; p: string; fr: string; zh: string; f?: number; material?: string; colour?: string; mods?: ModDef[][] };
type Node = { key: string; fr: string; zh: string; id?: number; desc?: readonly [string, string]; children?: Node[]; line?: Line };

const leaf = (key: string, fr: string, zh: string, line: Line): Node => ({ key, fr, zh, line });
const node = (key: string, fr: string, zh: string, children: Node[], extra: Partial<Node> = {}): Node => ({
  key,
  fr,
  zh,
  children,
  ...extra,
});

const PRINTED: ModDef[][] = [
  [
    ["Fragile", "易碎", 1],
    ["Attention verre", "小心玻璃", 1],
    ["Ne pas gerber", "请勿堆叠", 1],
    ["Merci", "谢谢", 1],
  ],
  [
    ["rouge sur blanc", "白底红字", 1, "Blanc"],
    ["noir sur havane", "棕底黑字", 1, "Havane"],
  ],
];
const SORTING: ModDef[][] = [
  [
    ["jaune", "黄色", 1, "Jaune"],
    ["bleu", "蓝色", 1, "Bleu"],
    ["vert", "绿色", 1, "Vert"],
    ["transparent", "透明", 1, "Transparent"],
  ],
  [
    ["standard", "标准", 1],
    ["à liens coulissants", "抽绳", 1.25],
  ],
];
const TISSUE: ModDef[][] = [
  [
    ["blanc", "白色", 1, "Blanc"],
    ["rose", "粉色", 1.05, "Rose"],
    ["noir", "黑色", 1.05, "Noir"],
    ["kraft", "牛皮", 1, "Brun"],
  ],
  [
    ["", "", 1],
    ["sans acide", "无酸", 1.2],
    ["17 g/m²", "17 克", 0.9],
  ],
];

const STICK: ModDef[] = [
  ["permanente", "永久", 1],
  ["repositionnable", "可重贴", 1.2],
  ["grand froid", "耐低温", 1.3],
];
const THERMAL: ModDef[][] = [
  [
    ["vélin", "铜版纸", 1],
    ["couchée brillante", "光面", 1.1],
    ["polypropylène", "PP 材质", 1.3],
  ],
  STICK,
];
const SIGNAL: ModDef[][] = [
  [
    ["Fragile", "易碎", 1],
    ["Haut / Bas", "向上", 1],
    ["Ne pas gerber", "请勿堆叠", 1],
    ["Attention verre", "小心玻璃", 1],
  ],
  STICK,
];
const PLATTER: ModDef[][] = [
  [
    ["noir", "黑色", 1, "Noir"],
    ["kraft", "牛皮", 1.1, "Brun"],
    ["transparent", "透明", 1, "Transparent"],
  ],
  [
    ["", "", 1],
    ["avec couvercle cristal", "带透明盖", 1.15],
    ["à compartiments", "分格", 1.1],
  ],
];
const BOOK: ModDef[][] = [
  [
    ["brun", "棕色", 1, "Brun"],
    ["blanc", "白色", 1.15, "Blanc"],
  ],
  [
    ["", "", 1],
    ["à bande adhésive", "自粘条", 1.12],
    ["avec fermeture sécurisée", "防盗封口", 1.18],
  ],
];
const FOOD_BAG: ModDef[][] = [
  [
    ["", "", 1],
    ["à fond plat", "平底", 1.1],
    ["avec lien", "带扎口", 1.1],
  ],
  [
    ["standard", "标准", 1],
    ["micro-perforé", "微孔", 1.1],
    ["grand froid", "耐低温", 1.2],
  ],
];

const TREE: Node[] = [
  node(
    "cartons",
    "Cartons & caisses",
    "纸箱与箱子",
    [
      node("cartons-simple-cannelure", "Cartons simple cannelure", "单瓦楞纸箱", [
        leaf("cartons-sc-bruns", "Cartons simple cannelure bruns", "棕色单瓦楞纸箱", {
          r: "carton-simple",
          p: "CAR-SCB",
          fr: "Carton simple cannelure brun",
          zh: "棕色单瓦楞纸箱",
        }),
        leaf("cartons-sc-blancs", "Cartons simple cannelure blancs", "白色单瓦楞纸箱", {
          r: "carton-simple",
          p: "CAR-SCW",
          fr: "Carton simple cannelure blanc",
          zh: "白色单瓦楞纸箱",
          f: 1.15,
          colour: "Blanc",
        }),
        leaf("cartons-fond-automatique", "Cartons à fond automatique", "自动底纸箱", {
          r: "carton-simple",
          p: "CAR-SCA",
          fr: "Carton à fond automatique",
          zh: "自动底纸箱",
          f: 1.3,
        }),
      ]),
      node("cartons-double-cannelure", "Cartons double cannelure", "双瓦楞纸箱", [
        leaf("cartons-dc-standard", "Cartons double cannelure standard", "标准双瓦楞纸箱", {
          r: "carton-double",
          p: "CAR-DC",
          fr: "Carton double cannelure",
          zh: "双瓦楞纸箱",
        }),
        leaf("cartons-triple-cannelure", "Cartons triple cannelure", "三瓦楞纸箱", {
          r: "caisse-palette",
          p: "CAR-TC",
          fr: "Carton triple cannelure",
          zh: "三瓦楞纸箱",
          f: 0.85,
        }),
        leaf("caisses-palettes", "Caisses-palettes carton", "纸质托盘箱", {
          r: "caisse-palette",
          p: "CAR-CP",
          fr: "Caisse-palette carton",
          zh: "纸质托盘箱",
          f: 1.2,
        }),
      ]),
      leaf("cartons-demenagement", "Cartons de déménagement", "搬家纸箱", {
        r: "carton-demenagement",
        p: "CAR-DEM",
        fr: "Carton de déménagement",
        zh: "搬家纸箱",
      }),
      leaf("caisses-americaines", "Caisses américaines", "美式纸箱", {
        r: "carton-double",
        p: "CAR-CA",
        fr: "Caisse américaine",
        zh: "美式纸箱",
        f: 0.95,
      }),
      node("boites-etuis", "Boîtes postales & étuis", "邮政盒与包装套", [
        leaf("boites-postales", "Boîtes postales", "邮政纸盒", { r: "boite-postale", p: "CAR-BP", fr: "Boîte postale", zh: "邮政纸盒" }),
        leaf("etuis-bouteilles", "Étuis bouteilles", "酒瓶纸盒", {
          r: "etui-bouteille",
          p: "CAR-EB",
          fr: "Étui bouteille",
          zh: "酒瓶纸盒",
        }),
        leaf("etuis-livres", "Étuis à livres", "书籍包装盒", {
          r: "boite-postale",
          p: "CAR-EL",
          fr: "Étui à livre",
          zh: "书籍包装盒",
          f: 0.9,
          mods: BOOK,
        }),
      ]),
      leaf("boites-archives", "Boîtes archives", "档案盒", { r: "boite-archive", p: "CAR-AR", fr: "Boîte archive", zh: "档案盒" }),
    ],
    {
      id: 2,
      desc: [
        "Cartons simple, double et triple cannelure, caisses et boîtes pour stocker, expédier et déménager.",
        "单瓦、双瓦、三瓦楞纸箱及各类盒子，用于仓储、寄送和搬家。",
      ],
    },
  ),
  node(
    "protection",
    "Emballage de protection",
    "防护包装",
    [
      node("papier-bulle", "Papier bulle", "气泡膜", [
        leaf("bulle-rouleaux", "Rouleaux de papier bulle", "气泡膜卷", {
          r: "papier-bulle",
          p: "PRO-BUL",
          fr: "Rouleau de papier bulle",
          zh: "气泡膜卷",
        }),
        leaf("bulle-professionnel", "Film bulle professionnel", "专业气泡膜", {
          r: "papier-bulle",
          p: "PRO-BUP",
          fr: "Film bulle professionnel",
          zh: "专业气泡膜",
          f: 1.2,
        }),
      ]),
      node("calage", "Calage", "填充缓冲", [
        leaf("chips-calage", "Chips de calage", "填充颗粒", { r: "chips-calage", p: "PRO-CHI", fr: "Chips de calage", zh: "填充颗粒" }),
        leaf("coussins-air", "Coussins d'air", "充气袋", { r: "coussin-air", p: "PRO-CAI", fr: "Film coussins d'air", zh: "充气袋膜" }),
        leaf("papier-calage", "Papier de calage", "填充纸", {
          r: "papier-kraft",
          p: "PRO-PCA",
          fr: "Papier de calage",
          zh: "填充纸",
          f: 0.95,
        }),
        leaf("mousse-protection", "Mousse de protection", "保护泡棉", {
          r: "mousse-calage",
          p: "PRO-MOU",
          fr: "Mousse de protection",
          zh: "保护泡棉",
        }),
      ]),
      node("papier-emballage", "Papier d'emballage", "包装纸", [
        leaf("kraft-rouleaux", "Papier kraft en rouleau", "牛皮纸卷", {
          r: "papier-kraft",
          p: "PRO-KRR",
          fr: "Papier kraft en rouleau",
          zh: "牛皮纸卷",
        }),
        leaf("kraft-feuilles", "Papier kraft en feuilles", "牛皮纸张", {
          r: "feuille-papier",
          p: "PRO-KRF",
          fr: "Papier kraft en feuilles",
          zh: "牛皮纸张",
        }),
        leaf("papier-soie", "Papier de soie", "薄页纸", {
          r: "feuille-papier",
          p: "PRO-SOI",
          fr: "Papier de soie",
          zh: "薄页纸",
          f: 0.55,
          material: "Papier de soie",
          mods: TISSUE,
        }),
      ]),
      leaf("cornieres", "Cornières & protections d'angle", "护角", { r: "corniere", p: "PRO-COR", fr: "Cornière carton", zh: "纸护角" }),
    ],
    {
      id: 4,
      desc: [
        "Papier bulle, calage, mousse et papier kraft pour que vos marchandises arrivent intactes.",
        "气泡膜、填充物、泡棉和牛皮纸，确保货物完好送达。",
      ],
    },
  ),
  node(
    "films-adhesifs",
    "Films & adhésifs",
    "薄膜与胶带",
    [
      node("film-etirable", "Film étirable", "缠绕膜", [
        leaf("film-etirable-manuel", "Film étirable manuel", "手用缠绕膜", {
          r: "film-etirable",
          p: "FIL-MAN",
          fr: "Film étirable manuel",
          zh: "手用缠绕膜",
        }),
        leaf("film-etirable-machine", "Film étirable machine", "机用缠绕膜", {
          r: "film-machine",
          p: "FIL-MAC",
          fr: "Film étirable machine",
          zh: "机用缠绕膜",
        }),
        leaf("mini-rouleaux", "Mini-rouleaux de film", "小卷缠绕膜", {
          r: "film-etirable",
          p: "FIL-MIN",
          fr: "Mini-rouleau de film étirable",
          zh: "小卷缠绕膜",
          f: 0.6,
        }),
      ]),
      node("ruban-adhesif", "Ruban adhésif", "胶带", [
        leaf("ruban-pp", "Ruban adhésif PP", "聚丙烯胶带", {
          r: "ruban-adhesif",
          p: "FIL-PP",
          fr: "Ruban adhésif polypropylène",
          zh: "聚丙烯胶带",
        }),
        leaf("ruban-pvc", "Ruban adhésif PVC", "PVC 胶带", {
          r: "ruban-adhesif",
          p: "FIL-PVC",
          fr: "Ruban adhésif PVC",
          zh: "PVC 胶带",
          f: 1.35,
          material: "PVC",
        }),
        leaf("kraft-gomme", "Ruban kraft gommé", "湿水牛皮纸胶带", {
          r: "kraft-gomme",
          p: "FIL-KG",
          fr: "Ruban kraft gommé",
          zh: "湿水牛皮纸胶带",
        }),
        leaf("ruban-imprime", "Rubans imprimés", "印字胶带", {
          r: "ruban-adhesif",
          p: "FIL-IMP",
          fr: "Ruban adhésif imprimé",
          zh: "印字胶带",
          f: 1.25,
          mods: PRINTED,
        }),
      ]),
      leaf("film-retractable", "Film rétractable", "热收缩膜", {
        r: "film-retractable",
        p: "FIL-RET",
        fr: "Film rétractable",
        zh: "热收缩膜",
      }),
      leaf("gaines-housses", "Gaines & housses polyéthylène", "聚乙烯筒膜与罩", {
        r: "gaine-polyethylene",
        p: "FIL-GAI",
        fr: "Gaine polyéthylène",
        zh: "聚乙烯筒膜",
      }),
      node("adhesifs-speciaux", "Adhésifs spéciaux", "特种胶带", [
        leaf("double-face", "Adhésif double face", "双面胶带", {
          r: "adhesif-special",
          p: "FIL-DF",
          fr: "Adhésif double face",
          zh: "双面胶带",
          f: 1.2,
          material: "Mousse",
          colour: "Blanc",
        }),
        leaf("masquage", "Ruban de masquage", "美纹纸胶带", {
          r: "adhesif-special",
          p: "FIL-MAS",
          fr: "Ruban de masquage",
          zh: "美纹纸胶带",
          f: 0.8,
          material: "Papier crêpé",
          colour: "Jaune",
        }),
        leaf("signalisation", "Adhésif de signalisation", "警示胶带", {
          r: "adhesif-special",
          p: "FIL-SIG",
          fr: "Adhésif de signalisation",
          zh: "警示胶带",
          material: "PVC",
          colour: "Jaune",
        }),
      ]),
    ],
    {
      id: 5,
      desc: [
        "Films étirables, rétractables et rubans adhésifs pour fermer les colis et sécuriser les palettes.",
        "缠绕膜、热收缩膜和胶带，用于封箱和固定托盘。",
      ],
    },
  ),
  node(
    "sacs-sachets",
    "Sacs & sachets",
    "袋子与小袋",
    [
      node("sacs-kraft", "Sacs kraft", "牛皮纸袋", [
        leaf("sacs-kraft-torsades", "Sacs kraft poignées torsadées", "扭绳提手牛皮纸袋", {
          r: "sac-kraft",
          p: "SAC-KT",
          fr: "Sac kraft à poignées torsadées",
          zh: "扭绳提手牛皮纸袋",
        }),
        leaf("sacs-kraft-plates", "Sacs kraft poignées plates", "平提手牛皮纸袋", {
          r: "sac-kraft",
          p: "SAC-KP",
          fr: "Sac kraft à poignées plates",
          zh: "平提手牛皮纸袋",
          f: 0.92,
        }),
        leaf("sachets-sos", "Sachets kraft SOS", "SOS 牛皮纸袋", {
          r: "sachet-kraft",
          p: "SAC-SOS",
          fr: "Sachet kraft SOS",
          zh: "SOS 牛皮纸袋",
        }),
      ]),
      node("sacs-plastique", "Sacs plastique", "塑料袋", [
        leaf("sacs-liasses", "Sacs liassés", "成扎背心袋", {
          r: "sac-plastique",
          p: "SAC-LIA",
          fr: "Sac liassé à bretelles",
          zh: "成扎背心袋",
        }),
        leaf("sacs-poignee-decoupee", "Sacs à poignée découpée", "冲孔提手袋", {
          r: "sac-plastique",
          p: "SAC-PDC",
          fr: "Sac à poignée découpée",
          zh: "冲孔提手袋",
          f: 1.4,
        }),
        leaf("sacs-boutique", "Sacs boutique", "精品购物袋", {
          r: "sac-plastique",
          p: "SAC-BTQ",
          fr: "Sac boutique à poignée souple",
          zh: "软提手购物袋",
          f: 1.9,
        }),
      ]),
      node("sacs-poubelle", "Sacs poubelle", "垃圾袋", [
        leaf("sacs-poubelle-standard", "Sacs poubelle", "垃圾袋", { r: "sac-poubelle", p: "SAC-PB", fr: "Sac poubelle", zh: "垃圾袋" }),
        leaf("sacs-tri-selectif", "Sacs de tri sélectif", "分类垃圾袋", {
          r: "sac-poubelle",
          p: "SAC-TRI",
          fr: "Sac de tri sélectif",
          zh: "分类垃圾袋",
          f: 1.1,
          mods: SORTING,
        }),
        leaf("sacs-gravats", "Sacs à gravats", "建筑垃圾袋", {
          r: "sac-poubelle",
          p: "SAC-GRV",
          fr: "Sac à gravats",
          zh: "建筑垃圾袋",
          f: 2.3,
        }),
      ]),
      node("sachets", "Sachets", "小袋", [
        leaf("sachets-zip", "Sachets zip", "自封袋", { r: "sachet-zip", p: "SAC-ZIP", fr: "Sachet zip", zh: "自封袋" }),
        leaf("sachets-cristal", "Sachets cristal", "玻璃纸袋", { r: "sachet-cristal", p: "SAC-CRI", fr: "Sachet cristal", zh: "玻璃纸袋" }),
        leaf("sachets-alimentaires", "Sachets alimentaires", "食品袋", {
          r: "sachet-cristal",
          p: "SAC-ALI",
          fr: "Sachet alimentaire",
          zh: "食品袋",
          f: 0.8,
          material: "Polyéthylène",
          mods: FOOD_BAG,
        }),
      ]),
      leaf("sacs-reutilisables", "Sacs réutilisables", "可重复使用袋", {
        r: "sac-reutilisable",
        p: "SAC-REU",
        fr: "Sac cabas réutilisable",
        zh: "可重复使用购物袋",
      }),
    ],
    {
      id: 6,
      desc: [
        "Sacs kraft, sacs plastique, sacs poubelle et sachets pour les commerces, l'industrie et les collectivités.",
        "牛皮纸袋、塑料袋、垃圾袋和小袋，服务零售、工业与公共机构。",
      ],
    },
  ),
  node(
    "alimentaire",
    "Emballage alimentaire & vente à emporter",
    "食品包装与外卖",
    [
      node("boites-barquettes", "Boîtes & barquettes", "餐盒与托盘", [
        leaf("boites-burger", "Boîtes burger", "汉堡盒", { r: "boite-burger", p: "ALI-BUR", fr: "Boîte burger", zh: "汉堡盒" }),
        leaf("barquettes-aluminium", "Barquettes aluminium", "铝箔餐盒", {
          r: "barquette-aluminium",
          p: "ALI-ALU",
          fr: "Barquette aluminium",
          zh: "铝箔餐盒",
        }),
        leaf("barquettes-micro-ondables", "Barquettes micro-ondables", "微波餐盒", {
          r: "barquette-repas",
          p: "ALI-MIC",
          fr: "Barquette micro-ondable",
          zh: "微波餐盒",
        }),
        leaf("boites-repas", "Boîtes repas kraft", "牛皮纸餐盒", {
          r: "barquette-repas",
          p: "ALI-REP",
          fr: "Boîte repas",
          zh: "餐盒",
          f: 1.1,
        }),
      ]),
      leaf("boites-pizza", "Boîtes pizza", "披萨盒", { r: "boite-pizza", p: "ALI-PIZ", fr: "Boîte pizza", zh: "披萨盒" }),
      node("gobelets", "Gobelets & couvercles", "杯子与杯盖", [
        leaf("gobelets-carton", "Gobelets carton", "纸杯", { r: "gobelet-carton", p: "ALI-GOB", fr: "Gobelet carton", zh: "纸杯" }),
        leaf("gobelets-plastique", "Gobelets plastique réutilisables", "可重复使用塑料杯", {
          r: "gobelet-plastique",
          p: "ALI-GPL",
          fr: "Gobelet plastique",
          zh: "塑料杯",
        }),
        leaf("couvercles", "Couvercles", "杯盖", { r: "couvercle", p: "ALI-COU", fr: "Couvercle", zh: "杯盖" }),
      ]),
      node("couverts-vaisselle", "Couverts & vaisselle", "餐具", [
        leaf("couverts-bois", "Couverts bois", "木质餐具", { r: "couverts-bois", p: "ALI-CBO", fr: "Couverts en bois", zh: "木质餐具" }),
        leaf("assiettes", "Assiettes & plateaux", "餐盘与托盘", {
          r: "assiette-carton",
          p: "ALI-ASS",
          fr: "Vaisselle compostable",
          zh: "可堆肥餐具",
        }),
        leaf("pailles", "Pailles papier", "纸吸管", { r: "paille-papier", p: "ALI-PAI", fr: "Paille en papier", zh: "纸吸管" }),
      ]),
      leaf("serviettes", "Serviettes de table", "餐巾纸", { r: "serviette", p: "ALI-SER", fr: "Serviette de table", zh: "餐巾纸" }),
      leaf("pots-saladiers", "Pots & saladiers", "杯碗与沙拉碗", { r: "pot-salade", p: "ALI-POT", fr: "Saladier", zh: "沙拉碗" }),
    ],
    {
      id: 7,
      desc: [
        "Boîtes burger, barquettes, gobelets, couverts et boîtes pizza pour la restauration et la vente à emporter.",
        "汉堡盒、餐盒、杯子、餐具和披萨盒，服务餐饮和外卖。",
      ],
    },
  ),
  node(
    "hygiene",
    "Hygiène & entretien",
    "卫生与清洁",
    [
      node("essuyage", "Essuyage", "擦拭用纸", [
        leaf("essuie-mains", "Essuie-mains", "擦手纸", { r: "essuie-mains", p: "HYG-EM", fr: "Essuie-mains", zh: "擦手纸" }),
        leaf("bobines-essuyage", "Bobines d'essuyage", "擦拭纸卷", {
          r: "bobine-essuyage",
          p: "HYG-BOB",
          fr: "Bobine d'essuyage",
          zh: "擦拭纸卷",
        }),
        leaf("papier-toilette", "Papier toilette", "卫生纸", { r: "papier-toilette", p: "HYG-PT", fr: "Papier toilette", zh: "卫生纸" }),
      ]),
      node("gants", "Gants", "手套", [
        leaf("gants-nitrile", "Gants nitrile", "丁腈手套", {
          r: "gant-jetable",
          p: "HYG-NIT",
          fr: "Gants nitrile",
          zh: "丁腈手套",
          material: "Nitrile",
        }),
        leaf("gants-vinyle", "Gants vinyle", "乙烯基手套", {
          r: "gant-jetable",
          p: "HYG-VIN",
          fr: "Gants vinyle",
          zh: "乙烯基手套",
          f: 0.7,
          material: "Vinyle",
        }),
        leaf("gants-manutention", "Gants de manutention", "搬运手套", {
          r: "gant-manutention",
          p: "HYG-MAN",
          fr: "Gants de manutention",
          zh: "搬运手套",
        }),
      ]),
      node("produits-entretien", "Produits d'entretien", "清洁用品", [
        leaf("nettoyants-sols", "Nettoyants sols", "地面清洁剂", {
          r: "produit-entretien",
          p: "HYG-SOL",
          fr: "Nettoyant sols",
          zh: "地面清洁剂",
        }),
        leaf("liquide-vaisselle", "Liquide vaisselle", "洗洁精", {
          r: "produit-entretien",
          p: "HYG-VAI",
          fr: "Liquide vaisselle",
          zh: "洗洁精",
          f: 0.9,
        }),
        leaf("desinfectants", "Désinfectants", "消毒剂", {
          r: "produit-entretien",
          p: "HYG-DES",
          fr: "Désinfectant surfaces",
          zh: "表面消毒剂",
          f: 1.4,
        }),
      ]),
      leaf("distributeurs", "Distributeurs", "分配器", { r: "distributeur", p: "HYG-DIS", fr: "Distributeur", zh: "分配器" }),
      leaf("protection-jetable", "Protection à usage unique", "一次性防护用品", {
        r: "protection-jetable",
        p: "HYG-PJ",
        fr: "Article d'hygiène à usage unique",
        zh: "一次性卫生防护用品",
      }),
    ],
    {
      id: 8,
      desc: [
        "Essuie-mains, papier toilette, gants et produits d'entretien pour les professionnels.",
        "擦手纸、卫生纸、手套和清洁用品，服务专业客户。",
      ],
    },
  ),
  node(
    "etiquetage-expedition",
    "Étiquetage & expédition",
    "标签与快递",
    [
      node("etiquettes", "Étiquettes", "标签", [
        leaf("etiquettes-adhesives", "Étiquettes adhésives", "不干胶标签", {
          r: "etiquette",
          p: "EXP-ETA",
          fr: "Étiquette adhésive",
          zh: "不干胶标签",
        }),
        leaf("etiquettes-thermiques", "Étiquettes thermiques", "热敏标签", {
          r: "etiquette",
          p: "EXP-ETT",
          fr: "Étiquette thermique",
          zh: "热敏标签",
          material: "Papier thermique",
          mods: THERMAL,
        }),
        leaf("etiquettes-signalisation", "Étiquettes de signalisation", "警示标签", {
          r: "etiquette",
          p: "EXP-ETS",
          fr: "Étiquette de signalisation",
          zh: "警示标签",
          f: 1.3,
          colour: "Rouge",
          mods: SIGNAL,
        }),
      ]),
      node("enveloppes", "Enveloppes & pochettes", "信封与快递袋", [
        leaf("enveloppes-bulles", "Enveloppes à bulles", "气泡信封", {
          r: "enveloppe-bulle",
          p: "EXP-ENB",
          fr: "Enveloppe à bulles",
          zh: "气泡信封",
        }),
        leaf("pochettes-expedition", "Pochettes d'expédition", "快递袋", {
          r: "pochette-expedition",
          p: "EXP-POC",
          fr: "Pochette d'expédition",
          zh: "快递袋",
        }),
        leaf("enveloppes-carton", "Enveloppes carton", "纸板信封", {
          r: "enveloppe-carton",
          p: "EXP-ENC",
          fr: "Enveloppe carton",
          zh: "纸板信封",
        }),
      ]),
      leaf("pochettes-porte-documents", "Pochettes porte-documents", "文件袋", {
        r: "pochette-document",
        p: "EXP-PPD",
        fr: "Pochette porte-documents",
        zh: "文件袋",
      }),
      leaf("tubes-expedition", "Tubes d'expédition", "快递纸管", {
        r: "tube-expedition",
        p: "EXP-TUB",
        fr: "Tube d'expédition",
        zh: "快递纸管",
      }),
    ],
    {
      id: 9,
      desc: [
        "Étiquettes, enveloppes à bulles, pochettes et tubes pour préparer et expédier vos envois.",
        "标签、气泡信封、快递袋和纸管，助您备货与寄送。",
      ],
    },
  ),
  node(
    "materiel",
    "Matériel d'emballage & bureau",
    "包装设备与办公用品",
    [
      leaf("devidoirs", "Dévidoirs", "胶带切割器", { r: "devidoir", p: "MAT-DEV", fr: "Dévidoir", zh: "胶带切割器" }),
      node("cerclage", "Cerclage", "打包", [
        leaf("feuillard", "Feuillard de cerclage", "打包带", { r: "feuillard", p: "MAT-FEU", fr: "Feuillard de cerclage", zh: "打包带" }),
        leaf("outils-cerclage", "Outils & accessoires de cerclage", "打包工具与配件", {
          r: "outil-cerclage",
          p: "MAT-OCE",
          fr: "Outillage de cerclage",
          zh: "打包工具",
        }),
      ]),
      leaf("agrafage", "Agrafeuses & agrafes", "订箱机与钉", { r: "agrafage", p: "MAT-AGR", fr: "Matériel d'agrafage", zh: "订装用品" }),
      leaf("cutters-ciseaux", "Cutters & ciseaux", "美工刀与剪刀", { r: "cutter", p: "MAT-CUT", fr: "Outil de coupe", zh: "切割工具" }),
      leaf("marquage", "Marquage", "标记用品", { r: "marquage", p: "MAT-MAR", fr: "Article de marquage", zh: "标记用品" }),
    ],
    {
      id: 10,
      desc: [
        "Dévidoirs, cerclage, agrafeuses, cutters et marqueurs pour équiper votre poste d'emballage.",
        "胶带切割器、打包、订箱机、美工刀和记号笔，装备您的包装工位。",
      ],
    },
  ),
  node(
    "metiers",
    "Métiers",
    "行业专区",
    [
      node("boulangerie-patisserie", "Boulangerie-Pâtisserie", "面包烘焙", [
        leaf("sacs-pain", "Sacs à pain & viennoiserie", "面包袋", { r: "sac-pain", p: "MET-PAIN", fr: "Sac à pain", zh: "面包袋" }),
        leaf("boites-patissieres", "Boîtes pâtissières", "糕点盒", {
          r: "boite-patissiere",
          p: "MET-PAT",
          fr: "Boîte pâtissière",
          zh: "糕点盒",
        }),
        leaf("caissettes-dentelles", "Caissettes & dentelles", "烘焙纸杯与垫纸", {
          r: "caissette",
          p: "MET-CAI",
          fr: "Caissette pâtissière",
          zh: "烘焙纸杯",
        }),
      ]),
      node("restauration-rapide", "Restauration rapide", "快餐", [
        leaf("cornets-frites", "Cornets & boîtes à frites", "薯条杯与盒", {
          r: "boite-frites",
          p: "MET-FRI",
          fr: "Cornet à frites",
          zh: "薯条杯",
        }),
        leaf("sacs-emporter", "Sacs de vente à emporter", "外卖纸袋", {
          r: "sachet-kraft",
          p: "MET-EMP",
          fr: "Sac de vente à emporter",
          zh: "外卖纸袋",
          f: 1.1,
        }),
        leaf("papier-ingraissable", "Papier ingraissable", "防油纸", {
          r: "papier-alimentaire",
          p: "MET-ING",
          fr: "Papier ingraissable",
          zh: "防油纸",
        }),
      ]),
      node("boucherie-traiteur", "Boucherie-Traiteur", "肉铺与熟食", [
        leaf("papier-boucherie", "Papier boucherie", "肉铺包装纸", {
          r: "papier-alimentaire",
          p: "MET-BOU",
          fr: "Papier boucherie",
          zh: "肉铺包装纸",
          f: 1.1,
        }),
        leaf("plateaux-traiteur", "Plateaux traiteur", "熟食托盘", {
          r: "barquette-repas",
          p: "MET-TRA",
          fr: "Plateau traiteur",
          zh: "熟食托盘",
          f: 1.8,
          mods: PLATTER,
        }),
      ]),
      leaf("fleuriste", "Fleuriste", "花店", { r: "papier-fleuriste", p: "MET-FLE", fr: "Papier fleuriste", zh: "花艺包装纸" }),
      leaf("e-commerce", "E-commerce", "电商", { r: "boite-postale", p: "MET-ECO", fr: "Boîte e-commerce", zh: "电商纸盒", f: 1.1 }),
      node("demenagement", "Déménagement", "搬家", [
        leaf("housses-protection", "Housses de protection", "家具防护罩", {
          r: "housse-protection",
          p: "MET-HOU",
          fr: "Housse de protection",
          zh: "防护罩",
        }),
        leaf("cartons-demenageurs", "Cartons pour déménageurs", "搬家公司专用纸箱", {
          r: "carton-demenagement",
          p: "MET-DEM",
          fr: "Carton pour déménageur professionnel",
          zh: "专业搬家公司纸箱",
          f: 1.15,
        }),
      ]),
    ],
    {
      id: 3,
      desc: [
        "Une sélection d'emballages par métier : boulangerie, restauration rapide, boucherie, fleuriste, e-commerce, déménagement.",
        "按行业精选包装：面包烘焙、快餐、肉铺、花店、电商、搬家。",
      ],
    },
  ),
];

export type CategoryRow = {
  id: number;
  parentId: number | null;
  level: number;
  position: number;
  key: string;
  fr: string;
  zh: string;
  desc: readonly [string, string] | null;
  img: string | null;
  imgStatus: number;
  line: Line | null;
  iconRange: string;
};

/** Flattens the tree: ACCUEIL = 1, level-1 ids as declared, then depth-first ids from 11. */
export function flattenCategories(): CategoryRow[] {
  const rows: CategoryRow[] = [
    {
      id: 1,
      parentId: null,
      level: 0,
      position: 0,
      key: "accueil",
      fr: "ACCUEIL",
      zh: "ACCUEIL",
      desc: null,
      img: null,
      imgStatus: 0,
      line: null,
      iconRange: "carton-simple",
    },
  ];
  let next = 11;
  const firstRange = (n: Node): string => n.line?.r ?? firstRange(n.children![0]);
  const walk = (n: Node, parentId: number, level: number, position: number) => {
    const id = level === 1 ? n.id! : next++;
    const img = level === 3 ? `/images/products/${n.line!.r}.svg` : `/images/categories/${n.key}.svg`;
    rows.push({
      id,
      parentId,
      level,
      position,
      key: n.key,
      fr: n.fr,
      zh: n.zh,
      desc: n.desc ?? null,
      img,
      imgStatus: level === 3 ? 0 : 1,
      line: n.line ?? null,
      iconRange: firstRange(n),
    });
    n.children?.forEach((c, i) => walk(c, id, level + 1, i + 1));
  };
  TREE.forEach((n, i) => walk(n, 1, 1, i + 1));
  return rows;
}
