// List vocabulary shared by the list page and POST /site/Product/index: sorts, flag lists, page sizes, filter fields.
export const SORTS = ["relevance", "price_asc", "price_desc", "new", "best"] as const;
export type Sort = (typeof SORTS)[number];

export const FLAGS = ["whether_new", "whether_promo", "best_selling", "prix-en-baisse"] as const;
export type Flag = (typeof FLAGS)[number];

export const PAGE_SIZES = [12, 24, 48, 96] as const;
export const DEFAULT_PAGE_SIZE = 24;

/** Filter fields, in display order. Product-level: material, colour; the others apply to one model. */
export const FILTER_FIELDS = ["material", "colour", "unit", "length", "width", "height", "volume", "price", "stock", "promo"] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];
