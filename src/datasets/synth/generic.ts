import type { Column } from '../../data/schema.js'
import { ENUMS, keyOf } from '../validate/rules.js'
import { ident, sqlString } from '../validate/sql.js'

/**
 * A table that schema.ts gained after this synthesizer was written gets rows from its column contract alone:
 * one row per major (if it has major_id), else per college (sid), else per province, times the years if it has
 * a year; values by column name and type (ids, names of the entity, provinces, the closed sets of rules.ts,
 * 'synthetic' provenance, hashed numbers). Plausible shapes, not realistic values: give the table its own
 * generator in tables.ts when it matters for a benchmark.
 */
export function genericTable(table: string, columns: readonly Column[], fallbackRows: number): string[] {
  const names = new Set(columns.map((c) => c.name))
  const entity = names.has('major_id')
    ? { from: 's_majors e', order: 'e.major_id', name: 'e.name' }
    : names.has('sid')
      ? { from: 's_schools e', order: 'e.sid', name: 'e.name' }
      : names.has('province')
        ? { from: '_p e', order: 'e.sort', name: 'e.name' }
        : { from: `range(1, ${fallbackRows + 1}) e(i)`, order: 'e.i', name: `'${table} ' || e.i` }
  const years = names.has('year') ? ' CROSS JOIN _years y' : ''
  const order = `${entity.order}${years ? ', y.year' : ''}`
  const keys = new Set(keyOf(table))
  const enums = ENUMS[table] ?? {}
  const value = (c: Column): string => {
    const tag = sqlString(c.name)
    const list = enums[c.name]
    if (list) {
      const literal = `[${list.map((v) => (typeof v === 'string' ? sqlString(v) : String(v))).join(', ')}]`
      return keys.has(c.name) ? `${literal}[1]` : `${literal}[1 + rint(${tag}, __n, 0, ${list.length})]`
    }
    if (c.name === 'id') return '__n'
    if (c.name === 'major_id' && names.has('major_id')) return 'e.major_id'
    if (c.name === 'sid' && entity.from.startsWith('s_schools')) return 'e.sid'
    if (c.name === 'year') return 'e.__year'
    if (c.name === 'province')
      return entity.from.startsWith('_p') || entity.from.startsWith('s_schools') ? 'e.province_name' : `''`
    if (c.name === 'provenance' || c.name.endsWith('_provenance')) return `'synthetic'`
    if (c.name === 'source') return `'synth'`
    if (c.name.endsWith('name')) return `${entity.name}`
    if (keys.has(c.name)) return c.type === 'VARCHAR' ? `'${c.name}'` : '1'
    switch (c.type) {
      case 'INTEGER':
        return `rint(${tag}, __n, 0, 1000)`
      case 'DOUBLE':
        return `round(100 * rnd(${tag}, __n, 0), 1)`
      case 'BOOLEAN':
        return `rnd(${tag}, __n, 0) < 0.5`
      default:
        return `${tag} || ' ' || __n`
    }
  }
  const provinceName = entity.from.startsWith('_p')
    ? 'e.name'
    : entity.from.startsWith('s_schools')
      ? 'e.province'
      : 'NULL'
  return [
    `CREATE TABLE ${ident(`s_${table}`)} AS
     SELECT ${columns.map((c) => `${value(c)} AS ${ident(c.name)}`).join(', ')}, __n AS __ord
     FROM (SELECT e.*, ${provinceName} AS province_name${years ? ', y.year AS __year' : ''},
                  row_number() OVER (ORDER BY ${order}) AS __n
           FROM ${entity.from}${years}) e`,
  ]
}

/**
 * The value of a schema column that a table's own generator does not make yet (schema.ts grew): a sibling
 * column (`local_batch_name` from `batch_name`), 'synthetic' provenance, the first value of a closed set, null
 * where allowed, else a zero value. The synthesizer lists these columns in its report.
 */
export function fillExpression(table: string, column: Column, present: ReadonlySet<string>): string {
  const sibling = column.name.includes('_') ? column.name.slice(column.name.indexOf('_') + 1) : ''
  if (sibling && present.has(sibling)) return `e.${ident(sibling)}`
  if (column.name === 'provenance' || column.name.endsWith('_provenance')) return `'synthetic'`
  if (column.name === 'source') return `'synth'`
  const first = ENUMS[table]?.[column.name]?.[0]
  if (first !== undefined) return typeof first === 'string' ? sqlString(first) : String(first)
  if (column.nullable) return 'NULL'
  return column.type === 'VARCHAR' ? `''` : column.type === 'BOOLEAN' ? 'false' : '0'
}
