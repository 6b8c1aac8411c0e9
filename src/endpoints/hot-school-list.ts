import { z } from 'zod'
import type { Db } from '../data/db.js'
import { HOT_SCHOOL_FIRST_YEAR, hotSchoolDefaultYear } from '../domain/years.js'
import { memoized } from './caches.js'
import { requireProvince } from './common.js'
import { defineEndpoint } from './define.js'
import { badRequest } from './errors.js'
import { logoUrl } from './plans-common.js'
import { optInt } from './schema.js'

/** The list is capped: the spec's response is a plain array without paging. */
export const HOT_SCHOOL_LIMIT = 20

/** The ordinary categories whose minimum scores are comparable on the exam's own scale (no art or sport). */
export const ORDINARY_CATEGORIES = ['物理类', '历史类', '理科', '文科', '综合'] as const

const input = z.object({
  major_id: optInt({ description: '专业 id: 只列开设该专业的院校 (默认 0: 不限)', min: 0, default: 0 }),
  year: optInt({ description: `年份 (默认: 去年; ${HOT_SCHOOL_FIRST_YEAR} 到今年)` }),
})

export type HotSchool = {
  sid: number
  logo: string
  school_name: string
  min_score: number | null
  min_rank: number | null
  hot_value: number | null
}

async function hotSchools(db: Db, year: number, majorId: number, province: string, logoBase: string) {
  // The hottest schools with a plan in that year (offering the major when one is named), in any province.
  const offered = majorId === 0 ? 'year = ?' : 'year = ? AND major_id = ?'
  const top = await db.all<{ sid: number; name: string; logo: string | null; hot: number | null }>(
    `SELECT sid, name, logo, hot FROM schools WHERE sid IN (SELECT sid FROM plans WHERE ${offered})
     ORDER BY hot ASC NULLS LAST, sid LIMIT ${HOT_SCHOOL_LIMIT}`,
    majorId === 0 ? [year] : [year, majorId],
  )
  if (top.length === 0) return []
  // Their lowest ordinary admission score in one province and year, with the lowest-placed rank at that score.
  const sids = top.map((s) => s.sid)
  const cats = ORDINARY_CATEGORIES
  const minima = await db.all<{ sid: number; min_score: number; min_rank: number | null }>(
    `SELECT sid, min AS min_score, max(min_section) AS min_rank FROM (
       SELECT sid, min, min_section, min(min) OVER (PARTITION BY sid) AS lowest FROM plans
       WHERE sid IN (${sids.map(() => '?').join(', ')}) AND year = ? AND province = ? AND plan_type = '普通'
         AND subject_type IN (${cats.map(() => '?').join(', ')}) AND min IS NOT NULL
     ) WHERE min = lowest GROUP BY sid, min`,
    [...sids, year, province, ...cats],
  )
  const bySid = new Map(minima.map((m) => [m.sid, m]))
  return top.map(
    (s): HotSchool => ({
      sid: s.sid,
      logo: logoUrl(s.logo, logoBase),
      school_name: s.name,
      min_score: bySid.get(s.sid)?.min_score ?? null,
      min_rank: bySid.get(s.sid)?.min_rank ?? null,
      hot_value: s.hot,
    }),
  )
}

/**
 * SPEC 4.20: the 20 hottest schools (schools.hot ascending; smaller is hotter) that have plans in the year, and
 * offer the major when `major_id` is not 0. `min_score` / `min_rank` are the school's lowest admission score of
 * that year among its ordinary plans (no special plans, no art or sport categories) in one province: the
 * caller's when logged in, else the service's default province (江苏); `min_rank` is the rank that came with it
 * (the lowest-placed one when several categories share the score). Null where the school admitted nobody there.
 */
export default defineEndpoint({
  name: 'hot-school-list',
  command: ['hot-schools'],
  http: { method: 'POST', path: '/api/v1/schools/hot-school-list' },
  summary: `热门院校 (前 ${HOT_SCHOOL_LIMIT} 所): 热度升序, 附该年最低分与最低位次`,
  input,
  warmRequests: [{}],
  callerFlags: [
    {
      key: 'province',
      flag: '--province <province>',
      description: '本人省份: 最低分与位次按该省计算 (默认 江苏)',
    },
  ],
  examples: ['gaokao hot-schools', 'gaokao hot-schools --year 2025 --province 江苏 --json'],
  async handler(req, ctx): Promise<HotSchool[]> {
    const thisYear = ctx.now().getFullYear()
    const year = req.year ?? hotSchoolDefaultYear(ctx.now())
    if (year < HOT_SCHOOL_FIRST_YEAR || year > thisYear)
      throw badRequest(`参数 year 无效: 应在 ${HOT_SCHOOL_FIRST_YEAR} 到 ${thisYear} 之间, 收到 ${year}`)
    const province = requireProvince(ctx.caller?.province ?? ctx.settings.defaultProvince).name
    const majorId = req.major_id ?? 0
    const base = ctx.settings.logoBaseUrl
    return memoized(ctx.db, 'hot-school-list', `${year}|${majorId}|${province}|${base}`, () =>
      hotSchools(ctx.db, year, majorId, province, base),
    )
  },
  table: (data, req) => ({
    title: `热门院校${req.year === undefined ? '' : ` (${req.year})`}`,
    head: ['热度', '院校', '最低分', '最低位次'],
    rows: data.map((s) => [s.hot_value, s.school_name, s.min_score, s.min_rank]),
    numeric: [0, 2, 3],
    footer: '热度: 越小越热门; 最低分/位次: 该省普通类招生 (不含专项计划与艺体类)',
  }),
  emptyMessage: (data, req) =>
    data.length === 0
      ? req.major_id
        ? `没有开设专业 ${req.major_id} 的院校计划${req.year === undefined ? '' : ` (${req.year})`}`
        : `没有院校计划数据${req.year === undefined ? '' : ` (${req.year})`}`
      : undefined,
})
