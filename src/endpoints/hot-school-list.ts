import { z } from 'zod'
import type { Db } from '../data/db.js'
import { KM_SHORT_FORMS, profileKm, resolveKm, yearKmList } from '../domain/km.js'
import { HOT_SCHOOL_FIRST_YEAR, hotSchoolDefaultYear } from '../domain/years.js'
import { badRequest } from '../errors.js'
import { memoized } from './caches.js'
import { requireProvince } from './common.js'
import { type Caller, defineEndpoint, type WithView, withView } from './define.js'
import { HOT_NOTE } from './figure-notes.js'
import { hottestSchools, lowestScores, scoredCategories } from './queries/hot-schools.js'
import { optInt } from './schema.js'
import { logoUrl } from './school-fields.js'

/** The list is capped: the spec's response is a plain array without paging. */
export const HOT_SCHOOL_LIMIT = 20

/** The ordinary categories whose minimum scores are comparable on the exam's own scale (no art or sport). */
export const ORDINARY_CATEGORIES = ['物理类', '历史类', '理科', '文科', '综合'] as const

const input = z.object({
  major_id: optInt({
    description: '专业 id: 只列开设该专业的院校 (默认 0: 不限)',
    min: 0,
    default: 0,
    finds: { what: 'major', as: 'id' },
  }),
  year: optInt({ description: `年份 (默认: 去年; ${HOT_SCHOOL_FIRST_YEAR} 到今年)` }),
})

/** The view's title and footer, beside an answer: the year, province and category its minima are of. */
interface MinimaOf {
  year: number
  province: string
  category: string | null
}

export type HotSchool = {
  sid: number
  logo: string
  school_name: string
  min_score: number | null
  min_rank: number | null
  hot_value: number | null
}

/**
 * The one category whose minima are shown: scores of 物理类 and 历史类 (or 理科 and 文科) are on separate scales,
 * so a lowest score over both is no school's real threshold. The caller's own category when a token names one
 * (物理 meaning 理科 in a 文理 year), else the province's first ordinary category that year (物理类, 理科 or 综合).
 */
async function minimaCategory(db: Db, year: number, province: string, caller: Caller | null) {
  // Before the answer's own cache: read once per province and year, not on every request.
  const available = await scoredCategories(db, year, province, ORDINARY_CATEGORIES)
  // as seating-seating reads a token's km: 文科 stored before a reform is 历史类 after it (profileKm)
  const own = caller?.km ? profileKm(caller.km, available) : undefined
  return own ?? yearKmList(available)[0] ?? null
}

async function hotSchools(
  db: Db,
  year: number,
  majorId: number,
  province: string,
  category: string | null,
  logoBase: string,
): Promise<HotSchool[]> {
  // The hottest schools with a plan in that year (offering the major when one is named), in any province.
  const top = await hottestSchools(db, year, majorId, HOT_SCHOOL_LIMIT)
  if (top.length === 0) return []
  // Their lowest ordinary admission score in one province, year and category.
  const sids = top.map((s) => s.sid)
  const minima = category === null ? [] : await lowestScores(db, sids, year, province, category)
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
 * that year among its ordinary plans (no special plans, no art or sport categories) in one province and one
 * category: the caller's when logged in, else the service's default province (江苏) and that province's first
 * ordinary category (see minimaCategory); `min_rank` is the rank that came with it (the lowest-placed one when
 * several lines share the score). Null where the school admitted nobody there in that category.
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
    {
      key: 'km',
      flag: '--km <km>',
      description: '本人科类 (物理/历史 等): 最低分与位次按该科类 (默认 该省当年第一个普通科类, 如 物理类)',
    },
  ],
  examples: ['gaokao hot-schools', 'gaokao hot-schools --year 2025 --province 江苏 --json'],
  async handler(req, ctx): Promise<WithView<HotSchool[], MinimaOf>> {
    const thisYear = ctx.now().getFullYear()
    const year = req.year ?? hotSchoolDefaultYear(ctx.now())
    if (year < HOT_SCHOOL_FIRST_YEAR || year > thisYear)
      throw badRequest(`参数 year 无效: 应在 ${HOT_SCHOOL_FIRST_YEAR} 到 ${thisYear} 之间, 收到 ${year}`)
    const province = requireProvince(ctx.caller?.province ?? ctx.settings.defaultProvince).name
    const majorId = req.major_id ?? 0
    const base = ctx.settings.logoBaseUrl
    const km = ctx.caller?.km
    // A category the service has never heard of is a typing error (历吏), not a request for the default one.
    if (km && !(km in KM_SHORT_FORMS) && !resolveKm(km, ORDINARY_CATEGORIES))
      throw badRequest(`参数 km 无效: 未知科类 ${km} (可用 物理, 历史, 综合, 理科, 文科 等)`)
    const category = await minimaCategory(ctx.db, year, province, ctx.caller)
    return memoized(
      ctx.db,
      'hot-school-list',
      `${year}|${majorId}|${province}|${category}|${base}`,
      async () =>
        withView(await hotSchools(ctx.db, year, majorId, province, category, base), {
          year,
          province,
          category,
        }),
    )
  },
  table: (data, req, answer) => {
    const of = answer ? `${answer.province}${answer.category ?? ''}` : '该省'
    return {
      // the year, province and category the minima are of, defaulted or not
      title: `热门院校 (${answer ? `${answer.year} ${of}` : (req.year ?? '')})`,
      head: ['热度', '院校', '最低分', '最低位次'],
      rows: data.map((s) => [s.hot_value, s.school_name, s.min_score, s.min_rank]),
      numeric: [0, 2, 3],
      footer: `${HOT_NOTE}\n最低分/位次: ${of}普通类招生 (不含专项计划与艺体类)`,
    }
  },
  emptyMessage: (data, req) =>
    data.length === 0
      ? req.major_id
        ? `没有开设专业 ${req.major_id} 的院校计划${req.year === undefined ? '' : ` (${req.year})`}`
        : `没有院校计划数据${req.year === undefined ? '' : ` (${req.year})`}`
      : undefined,
})
