import { findProvince } from '../domain/provinces.js'
import { earlierScales, fullScoreIn, isEarlierScale, yearRanges } from '../domain/score-scale.js'

/**
 * Terminal marks for scores of an earlier scale shown beside today's (江苏 2020 out of 480 beside 2025 out of 750):
 * the score cell gets a `*` and the table a footnote naming the provinces, years and full scores. The spec's
 * fields are never changed; CSV rows get `full_score` beside them (docs/api.md, Decisions › "What a figure is").
 */

export interface ScaleMarks {
  /** Per row: its score is out of another full score than the province's today */
  marked: boolean[]
  /** The footnote, when a row is marked */
  footer: string | undefined
}

export interface Placed {
  province: string | undefined
  year: number
}

export function scaleMarks(rows: readonly Placed[]): ScaleMarks {
  const marked = rows.map((r) => r.province !== undefined && isEarlierScale(r.province, r.year))
  const scales = earlierScales(rows.filter((_, i) => marked[i]))
  const footer = scales.length
    ? `* 旧高考分数, 不能与今天的分数直接比较: ${scales
        .map((s) => `${s.province} ${yearRanges(s.years)} 满分 ${s.fullScore} (今 ${s.today})`)
        .join('; ')}`
    : undefined
  return { marked, footer }
}

/** A score cell with its mark: `576*`. Empty cells stay empty. */
export const markedScore = (value: string | number | null | undefined, marked: boolean | undefined) =>
  marked && value !== null && value !== undefined && value !== '' ? `${value}*` : value

/** The full score of a province's exam in a year, for CSV rows; null for an unknown province. */
export function fullScoreOf(provinceName: string | undefined, year: number): number | null {
  const province = provinceName === undefined ? undefined : findProvince(provinceName)
  return province ? fullScoreIn(province, year) : null
}

/** A table footer and the scale footnote, one per line. */
export const withFootnote = (footer: string | undefined, note: string | undefined): string | undefined =>
  [footer, note].filter((l): l is string => l !== undefined && l !== '').join('\n') || undefined
