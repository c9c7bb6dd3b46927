// The catalogue's answer shapes (API data and page loader data): one definition for the server that builds
// them and the pages that show them.
import type { BreadcrumbEntry } from "../breadcrumbs.ts";
import type { FilterField, Flag, Sort } from "./sorts.ts";

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

export type ProductCard = {
  id: number;
  name: string;
  reference: string;
  img: string | null;
  category_id: number;
  price_from: string; // lowest unit price HT among its models
  unit: string;
  is_new: boolean;
  in_promo: boolean;
  price_drop: boolean;
  in_stock: boolean;
  /** The model the add-to-cart button adds (core cardModelOf: cheapest buyable); null when none can be bought. */
  model_id: number | null;
  /** Its unit price HT, only when it differs from price_from (the cheapest model cannot be bought now). */
  model_price?: string;
};

export type ListCard = ProductCard & { best_selling: boolean; material: string | null; colour: string | null; models_count: number };
export type FacetValue = { value: string; count: number; selected: boolean };
export type Facet = { field: FilterField; values: FacetValue[] };

export type ProductListResult = {
  list: ListCard[];
  total: number;
  page: number;
  pageSize: number;
  pages: number;
  sort: Sort;
  flag: Flag | null;
  filters: Record<string, string>;
  facets: Facet[];
  volume_bounds: { min: number; max: number } | null;
  category: { id: number; name: string; level: number; url: string; child: { id: number; name: string; url: string }[] } | null;
  breadcrumbs: BreadcrumbEntry[];
};

export type ModelPromotion = {
  type: number;
  value: string;
  min_qty: number;
  threshold_pct: string | null;
  gifted_units: number | null;
  mixed_series: string | null;
  special_price: string | null;
  ends_at: string | null;
};

export type ProductModel = {
  id: number;
  reference: string;
  label: string;
  length_mm: number | null;
  width_mm: number | null;
  height_mm: number | null;
  capacity: string | null;
  unit: string;
  unit_qty: number;
  price: string;
  tva: string;
  stock: number;
  purchasable_qty: number;
  not_for_sale: boolean;
  promotion: ModelPromotion | null;
};

export type ProductDetail = {
  product: {
    id: number;
    name: string;
    reference: string;
    brand: string | null;
    material: string | null;
    colour: string | null;
    img: string | null;
    description: string | null;
    category_id: number;
    is_new: boolean;
    best_selling: boolean;
    price_drop: boolean;
    in_promo: boolean;
    in_stock: boolean;
    url: string;
  };
  models: ProductModel[];
  breadcrumbs: BreadcrumbEntry[];
  related: ListCard[];
};

export type SearchResult = { total: number; page: number; pageSize: number; products: ProductCard[] };
export type Suggestion = { name: string; url: string; reference?: string };
