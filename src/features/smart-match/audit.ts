import type { Db } from '../../data/db.js'
import { ruleProvinces } from '../../data/volunteer-rules.js'
import { unknownProvince } from '../../domain/closest.js'
import { findProvince, PROVINCES } from '../../domain/provinces.js'
import { ApiError, badRequest } from '../../errors.js'
import { defaultBatch } from './defaults.js'
import { type Composition, formReady, itemComposition, STRATEGIES, TIERS } from './model/index.js'
import { rankTables } from './queries.js'
import { namesLocalCodes } from './response.js'
import { levelOf, listOf, matchCandidate, resolveCandidate, volunteerTypeOf } from './run.js'

/**
 * `gaokao smart-match audit`: how much of what smart-match lists can be typed into the real 志愿表 as it stands.
 * For every province with a rule and each rank year, candidates at fixed shares of the 物理 (or 综合, 理科)
 * cohort get the default list (冲稳保, the province's ordinary undergraduate batch, 物理+化学+生物); an item is
 * form-ready when it names what the form asks for (compose.ts's formReady: a group code and majors, one major, or
 * majors under a school, by the province's kind of choice). Counts by where the majors come from (composition).
 */

export interface AuditOptions {
  provinces?: readonly string[]
  years: readonly number[]
  /** Shares of the cohort, 0-1 (0.05: a candidate at 5 % of the cohort's ranks) */
  shares: readonly number[]
}

export interface AuditRow {
  province: string
  rank_year: number
  category: string
  batch: string
  volunteer_type: number
  candidates: number
  items: number
  ready: number
  /**
   * Items naming the province's own codes: their 院校代号 and every listed major's 专业代号 (江苏, 浙江, 广西 ask for
   * them; their 2026 plan books give them; 0 where no plan does)
   */
  local_codes: number
  /** Items by where their majors come from; `none` when no source names any */
  composition: Record<Composition | 'none', number>
  /** Why a candidate got no list (no rule, no table, no data), one entry per candidate */
  skipped: string[]
}

export const DEFAULT_SHARES = [0.05, 0.15, 0.3, 0.5] as const

/** The first choice the audit's candidates take, in every exam mode (categoryOf maps it to 物理类, 理科 or 综合). */
const SUBJECT = '物理'
const XUANKE = '物理,化学,生物'

export async function auditFormReady(db: Db, opts: AuditOptions): Promise<AuditRow[]> {
  const provinces = opts.provinces?.length ? opts.provinces : await ruledProvinces(db)
  const out: AuditRow[] = []
  for (const name of provinces) {
    const province = findProvince(name)
    if (!province) throw badRequest(unknownProvince(name))
    for (const year of opts.years) out.push(await auditProvinceYear(db, province.name, year, opts.shares))
  }
  return out
}

async function ruledProvinces(db: Db): Promise<string[]> {
  const have = new Set(await ruleProvinces(db))
  return PROVINCES.map((p) => p.name).filter((p) => have.has(p))
}

async function auditProvinceYear(
  db: Db,
  province: string,
  year: number,
  shares: readonly number[],
): Promise<AuditRow> {
  const row: AuditRow = {
    province,
    rank_year: year,
    category: '',
    batch: '',
    volunteer_type: 0,
    candidates: 0,
    items: 0,
    ready: 0,
    local_codes: 0,
    composition: { plan: 0, plan_prev_year: 0, admitted_prev_year: 0, none: 0 },
    skipped: [],
  }
  const batch = await defaultBatch(db, province, year)
  if (batch === undefined) {
    row.skipped.push('无志愿填报规则')
    return row
  }
  const strategy = STRATEGIES[0] as (typeof STRATEGIES)[number]
  for (const share of shares) {
    // The cohort's size from the table of the candidate's category (resolved as smart-match does, with a rank of 1).
    const request = { province, batch, rankYear: year, score: 0, subject: SUBJECT, xuanke: XUANKE }
    try {
      const probe = await resolveCandidate(db, { ...request, rank: 1 })
      const tables = await rankTables(db, province, [probe.category], year - 1, year, levelOf(probe.rule))
      const table = tables.get(year) ?? tables.get(year - 1)
      const cohort = table?.rows[table.rows.length - 1]?.total
      if (!cohort) {
        row.skipped.push(`${Math.round(share * 100)}%: 无一分一段表`)
        continue
      }
      const rank = Math.max(1, Math.round(share * cohort))
      const outcome = await matchCandidate(db, { ...request, rank }, strategy)
      const type = volunteerTypeOf(outcome.rule)
      row.category = outcome.category
      row.batch = outcome.rule.batch_name
      row.volunteer_type = type
      row.candidates++
      const list = listOf(outcome, strategy)
      for (const tier of TIERS) {
        for (const item of list[tier]) {
          row.items++
          if (formReady(item.classified, type)) row.ready++
          if (namesLocalCodes(item)) row.local_codes++
          row.composition[itemComposition(item.majors.map((m) => m.entry)) ?? 'none']++
        }
      }
    } catch (err) {
      if (!(err instanceof ApiError)) throw err
      row.skipped.push(`${Math.round(share * 100)}%: ${err.message}`)
    }
  }
  return row
}
