/** Building blocks of the endpoints' SQL: bound values only, never request text in the SQL. */

/** `?, ?, ?`: placeholders for a list of bound values (the values are bound, never spliced into the SQL). */
export const placeholders = (values: readonly unknown[]): string => values.map(() => '?').join(', ')

/** `%text%` for `LIKE ? ESCAPE '\'`: the user's text matches literally (its `%` and `_` are no wildcards). */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * A conjunction of constant SQL fragments with their bound values. Only the conditions a request uses are
 * written, so DuckDB sees plain column filters it can push into the scan. Fragments are constants of the
 * query modules, never request text.
 */
export class Where {
  private readonly parts: string[] = []
  readonly params: unknown[] = []

  add(fragment: string, ...values: unknown[]): this {
    this.parts.push(fragment)
    this.params.push(...values)
    return this
  }

  /** `column IN (?, ?)`; an empty list matches nothing. */
  in(column: string, values: readonly unknown[]): this {
    if (values.length === 0) return this.add('FALSE')
    return this.add(`${column} IN (${placeholders(values)})`, ...values)
  }

  toString(): string {
    return this.parts.length === 0 ? 'TRUE' : this.parts.join(' AND ')
  }
}
