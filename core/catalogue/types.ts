// The category tree's shapes, and the names the pages give the catalogue answers (whose shapes are their
// contracts', core/contracts/catalogue.ts).
import type { FacetAnswer, ListCardAnswer, ProductCardAnswer, ProductListAnswer, ProductModelAnswer } from "../contracts/catalogue.ts";

export type CategoryNode = {
  id: number;
  name: string;
  level: number;
  img: string | null;
  img_status: number;
  child: CategoryNode[];
};

/** The tree as the pages' shell needs it (header menu, footer, home tiles): half the bytes of CategoryNode
 * in every page's data — no level, an image only where it is shown (img_status 1), no empty child lists. */
export type MenuNode = { id: number; name: string; img?: string; child?: MenuNode[] };

export type ProductCard = ProductCardAnswer;
export type ListCard = ListCardAnswer;
export type Facet = FacetAnswer;
export type ProductListResult = ProductListAnswer;
export type ProductModel = ProductModelAnswer;
