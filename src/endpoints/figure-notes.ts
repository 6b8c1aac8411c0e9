import type { Db } from '../data/db.js'
import { SCHEMA, type SchemaTable } from '../data/schema.js'
import { provenanceCounts } from './queries/provenance.js'

/**
 * What a figure is, said where it is shown: synthetic figures (major-level employment: no public source has them)
 * in table titles and notes on the terminal, and in JSON and CSV as a field beside the spec's (`data_provenance`,
 * never changing a spec field); derived figures (热度, category statistics) in a note. Marked from the rows'
 * provenance and the column contract (src/data/schema.ts), not from a list of tables kept here
 * (docs/api.md, Decisions › "What a figure is").
 */

/** Beside the spec's fields of an answer whose figures are (partly) synthetic. */
export interface DataProvenance {
  synthetic: true
  /** The share of the table's rows that are synthetic, 0-1 */
  synthetic_share: number
  note: string
}

/** The tag a title carries for synthetic figures */
export const SYNTHETIC_TAG = '合成数据'

const EMPLOYMENT_NOTE =
  '专业就业数据 (就业率, 起薪, 满意度, 就业方向) 为合成数据: 没有公开的专业级统计, 由合成器按公开的门类与院校数据生成, 只作相对参考, 不是真实调查结果'

/** The employment tables (SPEC 4.16, 4.19): the mark, when any of their rows is synthetic. */
export async function employmentProvenance(db: Db): Promise<DataProvenance | undefined> {
  const counts = await provenanceCounts(db, 'employment')
  if (counts.synthetic === 0) return undefined
  const share = counts.synthetic / counts.rows
  return {
    synthetic: true,
    synthetic_share: Math.round(share * 1000) / 1000,
    note: share === 1 ? EMPLOYMENT_NOTE : `${EMPLOYMENT_NOTE} (${(share * 100).toFixed(1)}% 的数据)`,
  }
}

/** A column the column contract documents as synthetic: `look_num` of content items (`view count (synthetic)`). */
export function isSyntheticColumn(table: SchemaTable, column: string): boolean {
  return /\(synthetic\)/.test(SCHEMA[table].find((c) => c.name === column)?.doc ?? '')
}

/** A column the column contract documents as derived: schools.hot (`derived from minimum admitted scores`). */
export function isDerivedColumn(table: SchemaTable, column: string): boolean {
  return /\bderived\b/.test(SCHEMA[table].find((c) => c.name === column)?.doc ?? '')
}

/** The note under a table of 热度 (schools.hot): what the value is. */
export const HOT_NOTE = '热度为推算值: 由各校历年最低录取分排出的顺序 (越小越热门), 不是官方或平台公布的热度'

/** The note under category statistics: counts read off the 一分一段 table at the lines, not published figures. */
export async function categoryStatsNote(db: Db): Promise<string | undefined> {
  const counts = await provenanceCounts(db, 'category_stats')
  return counts.derived > 0 || counts.synthetic > 0
    ? '人数为推算值: 由一分一段表在批次线处的累计人数得出, 不是考试院公布的人数; 表未覆盖到批次线时为空'
    : undefined
}

/** The CSV column beside each row of a synthetic answer */
export const provenanceColumn = (mark: DataProvenance | undefined) =>
  mark ? { data_provenance: 'synthetic' } : {}
