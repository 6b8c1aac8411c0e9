/** Terminal tables made of columns, for the list endpoints' views. */

/** One column of a terminal table. */
export interface TableColumn<T> {
  head: string
  cell: (row: T) => string | number | null | undefined
  /** Right-aligned */
  numeric?: boolean
}

/** The head, rows and numeric columns of a TableView; `false` entries (columns not wanted) are skipped. */
export function tableOf<T>(columns: readonly (TableColumn<T> | false)[], rows: readonly T[]) {
  const used = columns.filter((c): c is TableColumn<T> => c !== false)
  return {
    head: used.map((c) => c.head),
    rows: rows.map((r) => used.map((c) => c.cell(r))),
    numeric: used.flatMap((c, i) => (c.numeric ? [i] : [])),
  }
}
