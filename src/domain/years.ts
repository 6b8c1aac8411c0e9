/**
 * Year windows relative to the current calendar year, as the spec states them. The clock is a parameter so
 * that the rules are testable.
 */

/** SPEC 4.6 `近五年`: the current year and the four years before it. */
export const lastFiveYears = (now: Date): { from: number; to: number } => {
  const y = now.getFullYear()
  return { from: y - 4, to: y }
}

/**
 * SPEC 4.7 `近三年`: the exact range is "not shown"; we read it the way 4.6 defines `近五年`: the current year and the
 * two before it (in 2026: 2024-2026). See docs/api.md, Decisions › "Historical scores (4.7)".
 */
export const lastThreeYears = (now: Date): { from: number; to: number } => {
  const y = now.getFullYear()
  return { from: y - 2, to: y }
}

/** SPEC 4.9 `近五年`: records with year >= current year - 5 (as written: six calendar years). */
export const planYearsFrom = (now: Date): number => now.getFullYear() - 5

/** SPEC 4.20: `year` ranges from 2021 to the current year; the default is last year. */
export const HOT_SCHOOL_FIRST_YEAR = 2021
export const hotSchoolDefaultYear = (now: Date): number => now.getFullYear() - 1
