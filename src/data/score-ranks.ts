import type { ScoreRankRow } from '../domain/rank.js'
import type { Db } from './db.js'

/** Queries over `score_ranks` (province, year, km, level, seq, score, score_low, score_high, num, total). */

export interface ScoreRankTableKey {
  province: string
  year: number
  km: string
  level: string
}

export interface StoredScoreRankRow extends ScoreRankRow {
  score: string
}

/** The provinces that have a 一分一段 table (the questions of the CLI offer these). */
export async function provincesWithTables(db: Db): Promise<string[]> {
  const rows = await db.all<{ province: string }>(`SELECT DISTINCT province FROM score_ranks`)
  return rows.map((r) => r.province)
}

export async function yearsOf(db: Db, province?: string): Promise<number[]> {
  const rows = await db.all<{ year: number }>(
    `SELECT DISTINCT year FROM score_ranks WHERE (? IS NULL OR province = ?) ORDER BY year DESC`,
    [province ?? null, province ?? null],
  )
  return rows.map((r) => r.year)
}

export async function categoriesOf(db: Db, province?: string, year?: number): Promise<string[]> {
  const rows = await db.all<{ km: string }>(
    `SELECT DISTINCT km FROM score_ranks
     WHERE (? IS NULL OR province = ?) AND (? IS NULL OR year = ?) ORDER BY km`,
    [province ?? null, province ?? null, year ?? null, year ?? null],
  )
  return rows.map((r) => r.km)
}

/** Levels of one category's tables ('' is the ordinary table), ordinary first. */
export async function levelsOf(db: Db, province?: string, year?: number, km?: string): Promise<string[]> {
  const rows = await db.all<{ level: string }>(
    `SELECT DISTINCT level FROM score_ranks
     WHERE (? IS NULL OR province = ?) AND (? IS NULL OR year = ?) AND (? IS NULL OR km = ?)
     ORDER BY level`,
    [province ?? null, province ?? null, year ?? null, year ?? null, km ?? null, km ?? null],
  )
  return rows.map((r) => r.level)
}

export async function tableRows(db: Db, key: ScoreRankTableKey): Promise<StoredScoreRankRow[]> {
  return db.all<StoredScoreRankRow>(
    `SELECT score, score_low AS "scoreLow", score_high AS "scoreHigh", num, total
     FROM score_ranks WHERE province = ? AND year = ? AND km = ? AND level = ? ORDER BY seq`,
    [key.province, key.year, key.km, key.level],
  )
}

/**
 * The tables of a province before a year in some categories, in one scan (同位分 reads one per earlier year):
 * rows by year, category and level, each table's rows in order.
 */
export async function earlierTables(
  db: Db,
  province: string,
  beforeYear: number,
  kms: readonly string[],
): Promise<(StoredScoreRankRow & { year: number; km: string; level: string })[]> {
  if (kms.length === 0) return []
  return db.all(
    `SELECT year, km, level, score, score_low AS "scoreLow", score_high AS "scoreHigh", num, total
     FROM score_ranks WHERE province = ? AND year < ? AND km IN (${kms.map(() => '?').join(', ')})
     ORDER BY year DESC, km, level, seq`,
    [province, beforeYear, ...kms],
  )
}
