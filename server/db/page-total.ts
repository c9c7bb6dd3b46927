// The total of a paged list whose rows carry it (`count(*) over ()`, one statement for the usual page): read from
// the page, or counted on its own for a page past the end, which has no row to carry it.
export async function pageTotal(rows: readonly { total: number }[], page: number, count: () => Promise<number>): Promise<number> {
  return rows[0]?.total ?? (page > 1 ? count() : 0);
}
