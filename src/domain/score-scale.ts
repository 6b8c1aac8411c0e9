import { type ExamMode, examModeIn, findProvince, type Province } from './provinces.js'

/**
 * The scale a province's scores of one year are on: its full score and exam mode. Scores of two scales cannot be
 * compared (江苏 2020 was out of 480, 2025 out of 750), so wherever years are shown side by side the rows of an
 * earlier scale are marked. Pure.
 */

/**
 * Full scores of exams before a province's current one, where they differ from today's (provinces.ts holds the
 * current one, after RULES.md "Full-score notes"). Only what is well documented is listed; every other earlier
 * exam was out of 750 like today's (海南's standard score was 900 before and after its reform).
 * - 江苏 2008-2020: 语文 160, 数学 160, 外语 120 and a 40-point 附加题 (语文 for 文科, 数学 for 理科): 480.
 * - 上海 before the 2017 reform: 语文, 数学, 外语 and one 加一 subject, 150 each: 600.
 */
const EARLIER_FULL_SCORES: Readonly<Record<string, readonly { until: number; fullScore: number }[]>> = {
  江苏: [{ until: 2020, fullScore: 480 }],
  上海: [{ until: 2016, fullScore: 600 }],
}

export function fullScoreIn(province: Province, year: number): number {
  for (const earlier of EARLIER_FULL_SCORES[province.name] ?? [])
    if (year <= earlier.until) return earlier.fullScore
  return province.fullScore
}

export interface ScoreScale {
  province: string
  year: number
  fullScore: number
  mode: ExamMode
}

export function scaleOf(province: Province, year: number): ScoreScale {
  return {
    province: province.name,
    year,
    fullScore: fullScoreIn(province, year),
    mode: examModeIn(province, year),
  }
}

/** Whether a year's scores of a province are out of another full score than the province's scores today. */
export function isEarlierScale(provinceName: string, year: number): boolean {
  const province = findProvince(provinceName)
  return province !== undefined && fullScoreIn(province, year) !== province.fullScore
}

/**
 * The earlier scales among (province, year) pairs shown together: one entry per province, with the years (in
 * ascending order) and the full score they were out of, beside today's. Provinces in first-seen order.
 */
export function earlierScales(
  pairs: Iterable<{ province: string | undefined; year: number }>,
): { province: string; years: number[]; fullScore: number; today: number }[] {
  const found = new Map<string, { province: string; years: Set<number>; fullScore: number; today: number }>()
  for (const { province: name, year } of pairs) {
    const province = name === undefined ? undefined : findProvince(name)
    if (!province || !isEarlierScale(province.name, year)) continue
    const entry = found.get(province.name) ?? {
      province: province.name,
      years: new Set<number>(),
      fullScore: fullScoreIn(province, year),
      today: province.fullScore,
    }
    entry.years.add(year)
    found.set(province.name, entry)
  }
  return [...found.values()].map((e) => ({ ...e, years: [...e.years].sort((a, b) => a - b) }))
}

/** Years written as ranges: 2016-2018, 2020. */
export function yearRanges(years: readonly number[]): string {
  const sorted = [...new Set(years)].sort((a, b) => a - b)
  const parts: string[] = []
  for (let i = 0; i < sorted.length; ) {
    let j = i
    while (j + 1 < sorted.length && (sorted[j + 1] as number) === (sorted[j] as number) + 1) j++
    parts.push(i === j ? `${sorted[i]}` : `${sorted[i]}-${sorted[j]}`)
    i = j + 1
  }
  return parts.join(', ')
}
