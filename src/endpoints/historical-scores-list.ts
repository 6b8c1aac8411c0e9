import { z } from 'zod'
import { selectsOrdinaryTracks } from '../domain/art-admission.js'
import { batchNames, HISTORICAL_BATCHES, SUBJECT_TYPES, subjectValues } from '../domain/mappings.js'
import { LINE_NAME, majorOrLine, plannedNumber } from '../domain/plan-rows.js'
import type { ScoreRowFilter } from '../domain/scores-history-rows.js'
import { lastThreeYears } from '../domain/years.js'
import { Refusal, refusalError } from './checks.js'
import { requireProvince } from './common.js'
import { defineEndpoint, type EndpointContext, type WithView, withView } from './define.js'
import { pageField, pageFooter, pageOf, pageSizeField } from './paging.js'
import { requirePlanValue } from './plans-values.js'
import { artExamMajorIds } from './queries/art-majors.js'
import { historicalScores } from './queries/historical-scores.js'
import { schoolDirectory } from './queries/schools.js'
import { scoreTrend } from './queries/score-trends.js'
import { optText, yearOrWindow } from './schema.js'
import { fullScoreOf, markedScore, scaleMarks, withFootnote } from './score-scale-note.js'
import { scoresChart } from './scores-chart.js'
import { tableOf } from './table-columns.js'

export const THREE_YEARS = '近三年'
const input = z.object({
  year: optText({ description: `年份, 如 2025, 或 ${THREE_YEARS} (今年及前两年)`, placeholder: 'year' }),
  // Besides the spec's words, any stored value that lookup 4.0 (source plans) lists: checked by the handler.
  batch: optText({
    description: '批次 (默认 所有批次; 另可用 meta batches --source plans 列出的批次)',
    placeholder: 'batch',
    choices: HISTORICAL_BATCHES,
  }),
  province: optText({ description: '招生省份', placeholder: 'province' }),
  // The widening of 艺术 / 体育 is said where a front end reads the field (OpenAPI, --help): see mappings.ts.
  subject_type: optText({
    description:
      '科类 (SPEC 4.7 对照表; 艺术 / 体育 另含本数据的 艺术类 / 体育类 与各省的艺术科类名, 如 美工设计类: 对照表的 体育(文) / 体育(理) 本数据没有; 另可用 meta subjects --source plans 列出的科类, 精确匹配)',
    placeholder: 'type',
    choices: SUBJECT_TYPES,
  }),
  keyword: optText({ description: '关键词: 专业名称与院校名称须同时包含', placeholder: 'text' }),
  school_name: optText({
    description: '院校名称, 精确匹配',
    placeholder: 'name',
    finds: { what: 'school', as: 'name' },
  }),
  page: pageField(),
  limit: pageSizeField(10),
})

/** A record of SPEC 2.9, in the spec's field order. */
export type HistoricalScore = {
  sid: number
  spname: string
  year: number
  min: number
  min_section: number | null
  average: number | null
  batch: string
  sg_infos: string | null
  /** null when unknown */
  plan_num: number | null
  subject_type: string
  school_name: string
  hot: number | null
}

export interface HistoricalScoresResult {
  total: number
  page: number
  limit: number
  list: HistoricalScore[]
  school_names: string[]
}

/**
 * Beside the answer, for the terminal and CSV: each listed row's enrolment province (its score scale) and group.
 * The group names which of a school's groups a line is: 郑州大学's 2025 历史类 line of 527 is its 专业组（201）'s,
 * the others' are above 597, and "(院校/专业组) 527" alone reads as the whole school's.
 */
interface ScoresView {
  provinces: string[]
  groups: (string | null)[]
}

/** The filter of SPEC 4.7 from a request. Only rows with an admission score (min not null) are historical scores. */
function filterOf(req: z.output<typeof input>, now: Date): ScoreRowFilter {
  const f: ScoreRowFilter = {}
  const year = req.year === undefined ? undefined : yearOrWindow(THREE_YEARS)(req.year)
  // Checked here, after batch and subject_type (their values come from the datasets), in the order of checks
  if (year instanceof Refusal) throw refusalError('year', year)
  if (year === THREE_YEARS) {
    const { from, to } = lastThreeYears(now)
    f.yearFrom = from
    f.yearTo = to
  } else if (year !== undefined) {
    f.yearFrom = Number(year)
    f.yearTo = Number(year)
  }
  const batches = batchNames(req.batch)
  if (batches) f.batches = batches
  if (req.province !== undefined) f.province = requireProvince(req.province).name
  if (req.subject_type !== undefined) f.subjects = subjectValues(req.subject_type)
  if (req.school_name !== undefined) f.schoolName = req.school_name
  if (req.keyword !== undefined) f.keyword = req.keyword
  return f
}

/**
 * The filter with what needs the datasets: under an ordinary category (物理, 历史, 综合), the rows of majors that
 * admit only through the art exam are art admissions filed under the track, and are left out
 * (domain/art-admission.ts), so that a 历史 query does not open with 音乐表演 at 270.
 */
async function scoreFilterOf(req: z.output<typeof input>, ctx: EndpointContext): Promise<ScoreRowFilter> {
  const f = filterOf(req, ctx.now())
  if (selectsOrdinaryTracks(f.subjects)) {
    const excluded = await artExamMajorIds(ctx.db)
    if (excluded.length > 0) f.excludeMajors = excluded
  }
  return f
}

/**
 * SPEC 4.7: historical admission scores, de-duplicated on (sid, spname, year): of the rows of one school, major
 * name and year under the filter, one represents them (REPRESENTATIVE: ordinary plan, main category, lowest
 * score, lowest plan row id), and `total` counts the representatives. Ordered by year descending, hot ascending, min ascending; two schools
 * with the same hot (or no hot: last) are ordered by sid before min; equal scores by major name. `school_names`
 * lists every school under the filter, hottest first. `batch` and `subject_type` also take any value lookup 4.0
 * (source plans) lists, matched exactly; 艺术 / 体育 also match our stored art and sport categories. The rows of a
 * school's or group's admission line (no major name) are one record whose `spname` says so (LINE_NAME); an unknown
 * `plan_num` is null.
 */
export default defineEndpoint({
  name: 'historical-scores-list',
  command: ['scores'],
  http: { method: 'POST', path: '/api/v1/historical-scores-list' },
  summary: '历年录取分数: 按年份, 批次, 省份, 科类, 关键词, 院校筛选, 按 (院校, 专业, 年份) 去重, 分页',
  input,
  warmRequests: [{}],
  examples: [
    'gaokao scores --province 江苏 --year 2025 --subject-type 物理',
    'gaokao scores --school-name 南京大学 --year 近三年 --json',
  ],
  async handler(req, ctx): Promise<WithView<HistoricalScoresResult, ScoresView>> {
    await requirePlanValue(ctx.db, 'batch', req.batch, HISTORICAL_BATCHES, 'batch')
    await requirePlanValue(ctx.db, 'subject_type', req.subject_type, SUBJECT_TYPES, 'subject')
    const schools = await schoolDirectory(ctx.db)
    const page = pageOf(req.page ?? 1, req.limit ?? 10)
    const found = await historicalScores(ctx.db, await scoreFilterOf(req, ctx), schools, page)
    const list = found.rows.map(
      (r): HistoricalScore => ({
        sid: r.sid,
        spname: majorOrLine(r.spname),
        year: r.year,
        min: r.min,
        min_section: r.min_section,
        average: r.average,
        batch: r.batch_name,
        sg_infos: r.sg_infos,
        plan_num: plannedNumber(r.num),
        subject_type: r.subject_type,
        school_name: r.school_name,
        hot: schools.get(r.sid)?.hot ?? null,
      }),
    )
    const answer = {
      total: found.total,
      page: page.page,
      limit: page.size,
      list,
      school_names: found.schoolNames,
    }
    return withView(answer, {
      provinces: found.rows.map((r) => r.province),
      groups: found.rows.map((r) => (r.sg_name?.trim() ? r.sg_name : null)),
    })
  },
  // full_score beside the spec's fields: a row of an earlier exam (江苏 2020, out of 480) says so in a spreadsheet.
  records: (data, view) =>
    data.list.map((r, i) => ({
      ...r,
      sg_name: view?.groups[i] ?? null,
      full_score: fullScoreOf(view?.provinces[i], r.year),
    })),
  table: (data, req, view) => {
    const scales = scaleMarks(data.list.map((r, i) => ({ province: view?.provinces[i], year: r.year })))
    const old = new Set(data.list.filter((_, i) => scales.marked[i]))
    const groupOf = new Map(data.list.map((r, i) => [r, view?.groups[i] ?? null]))
    return {
      title: ['历年录取分数', req.school_name, req.province, req.year].filter(Boolean).join(' '),
      ...tableOf<HistoricalScore>(
        [
          req.school_name === undefined && { head: '院校', cell: (r) => r.school_name },
          {
            head: '专业',
            cell: (r) =>
              r.spname === LINE_NAME && groupOf.get(r) ? `${LINE_NAME} ${groupOf.get(r)}` : r.spname,
          },
          { head: '年份', cell: (r) => r.year },
          { head: '最低分', cell: (r) => markedScore(r.min, old.has(r)), numeric: true },
          { head: '最低位次', cell: (r) => r.min_section, numeric: true },
          { head: '平均分', cell: (r) => r.average, numeric: true },
          { head: '计划数', cell: (r) => r.plan_num, numeric: true },
          { head: '科类', cell: (r) => r.subject_type },
          { head: '批次', cell: (r) => r.batch },
        ],
        data.list,
      ),
      footer: withFootnote(pageFooter({ page: data.page, size: data.limit }, data.total), scales.footer),
    }
  },
  chart: async (_data, req, ctx) => {
    const schools = await schoolDirectory(ctx.db)
    return scoresChart(await scoreTrend(ctx.db, await scoreFilterOf(req, ctx), schools), schools)
  },
  emptyMessage: (data) =>
    data.list.length > 0
      ? undefined
      : data.total > 0
        ? `第 ${data.page} 页没有记录 (共 ${data.total} 条)`
        : '没有符合条件的历年录取分数',
})
