// Registry of the product ranges and the French → Chinese vocabulary used in descriptions.
import type { Range } from "./range-kit.ts";
import { packagingRanges } from "./ranges-packaging.ts";
import { bagFoodRanges } from "./ranges-bags-food.ts";
import { supplyRanges } from "./ranges-supplies.ts";

export const RANGES: Range[] = [...packagingRanges, ...bagFoodRanges, ...supplyRanges];
const RANGE_BY_KEY = new Map(RANGES.map((r) => [r.key, r]));

export function range(key: string): Range {
  const r = RANGE_BY_KEY.get(key);
  if (!r) throw new Error(`unknown range ${key}`);
  return r;
}

export const COLOUR_ZH: Record<string, string> = {
  Brun: "棕色",
  Blanc: "白色",
  Noir: "黑色",
  Bleu: "蓝色",
  Gris: "灰色",
  Transparent: "透明",
  Rose: "粉色",
  Vert: "绿色",
  Rouge: "红色",
  Jaune: "黄色",
  Orange: "橙色",
  Havane: "棕褐色",
  Argent: "银色",
  Or: "金色",
  Naturel: "原色",
  Écru: "米色",
  Bordeaux: "酒红色",
  Inox: "不锈钢色",
  Kraft: "牛皮色",
  Rayé: "条纹",
};

export const MATERIAL_ZH: Record<string, string> = {
  "Carton kraft simple cannelure": "单瓦楞牛皮纸板",
  "Carton kraft double cannelure": "双瓦楞牛皮纸板",
  "Carton triple cannelure": "三瓦楞纸板",
  "Carton compact": "硬纸板",
  "Carton micro-cannelure": "微瓦楞纸板",
  Polyéthylène: "聚乙烯",
  "Polyéthylène basse densité": "低密度聚乙烯",
  "Polyéthylène haute densité": "高密度聚乙烯",
  "Polyéthylène coextrudé": "共挤聚乙烯",
  "Polystyrène expansé": "发泡聚苯乙烯",
  "Amidon de maïs": "玉米淀粉",
  "Papier kraft": "牛皮纸",
  "Papier de soie": "薄页纸",
  "Mousse polyéthylène": "聚乙烯泡棉",
  Polyoléfine: "聚烯烃",
  Polypropylène: "聚丙烯",
  "Papier kraft gommé": "湿水牛皮纸",
  "Papier crêpé": "皱纹纸",
  PVC: "PVC",
  Mousse: "泡棉",
  "Acier et plastique": "钢与塑料",
  "Polypropylène non tissé": "聚丙烯无纺布",
  Coton: "棉",
  "Carton alimentaire": "食品级纸板",
  Aluminium: "铝",
  "Carton kraft": "牛皮纸板",
  PET: "PET",
  Polystyrène: "聚苯乙烯",
  "Bois de bouleau": "桦木",
  "Pulpe de canne à sucre": "甘蔗浆",
  Papier: "纸",
  "Ouate de cellulose": "纤维素纸浆",
  "PET recyclé": "再生 PET",
  Nitrile: "丁腈",
  Vinyle: "乙烯基",
  Latex: "乳胶",
  "Polyester enduit nitrile": "丁腈涂层聚酯",
  Cuir: "皮革",
  "Flacon PEHD": "HDPE 瓶",
  ABS: "ABS",
  "Acier inoxydable": "不锈钢",
  "Papier couché adhésif": "铜版不干胶纸",
  "Papier thermique": "热敏纸",
  "Papier kraft et film bulle": "牛皮纸与气泡膜",
  "Carton spiralé": "螺旋纸管",
  Polyester: "聚酯",
  Acier: "钢",
  Plastique: "塑料",
  "Carton blanc alimentaire": "食品级白卡纸",
  "Papier ingraissable": "防油纸",
  "Papier paraffiné": "蜡纸",
  "Film polypropylène": "聚丙烯薄膜",
};
