// The one shape of every API answer that is a list (GET /site/Sale/orderList's): the rows of one page, the
// count of all rows, the page (from 1) and its size. A small unpaged list is its own single page.

export type ListPage<T> = { list: T[]; total: number; page: number; page_size: number };

/** Which page of a list a caller asks for: `page` from 1, `page_size` rows. */
export type PageRequest = { page: number; page_size: number };

/** A whole list answered at once: page 1, as long as the list. */
export function wholeList<T>(list: T[]): ListPage<T> {
  return { list, total: list.length, page: 1, page_size: list.length };
}

/** One page of a list already read in full (a page past the end has an empty `list` and the real `total`). */
export function pageOf<T>(all: readonly T[], { page, page_size }: PageRequest): ListPage<T> {
  const start = (page - 1) * page_size;
  return { list: all.slice(start, start + page_size), total: all.length, page, page_size };
}
