import { z } from 'zod'
import { profileKm } from '../domain/km.js'
import { findProvince, type Province } from '../domain/provinces.js'
import { formatSeatingSec, seatingOf } from '../domain/rank.js'
import { badRequest } from '../errors.js'
import { requireProvince } from './common.js'
import { type Caller, defineEndpoint, type WithView, withView } from './define.js'
import { optText, optYear, reqText } from './schema.js'
import { seatingChart } from './seating-chart.js'
import { type SameRank, sameRankScores, sameRankTable } from './seating-same-rank.js'
import {
  noTableMessage,
  type SeatingSelection,
  scoreRankRow,
  selectionName,
  selectSeatingTable,
} from './seating-selection.js'

const input = z.object({
  province: reqText({ description: '省份, 如 江苏', placeholder: 'province' }),
  year: optYear({ description: '年份 (默认: 该省最新年份)' }),
  km: optText({
    description: '科类, 接受简称: 物理 历史 综合 体育 艺术 蒙授 (默认: 该年第一个科类)',
    placeholder: 'km',
  }),
  level: optText({
    description: '分表, 仅在一省一年一科类有多张表时使用 (默认: 普通表)',
    placeholder: 'level',
  }),
})

interface MySeating {
  even_num: number
  seating_sec: string
}
/** SPEC 2.4, and our `same_rank` (同位分) beside it when my_seating is known */
type SeatingData =
  | { my_seating: MySeating | null; arr: ReturnType<typeof scoreRankRow>[]; same_rank?: SameRank }
  | []

/**
 * Beside the answer, for the terminal: the table chosen (the spec's JSON does not name it, nor what there is when
 * none was found), and a score asked for that the table does not reach (below its lowest row: 江苏's tables stop
 * at the 本科 line).
 */
interface SeatingView {
  selection: SeatingSelection
  outside?: number
  /** The caller's score placed in the table, for the chart */
  score?: number
}

/**
 * The part of the caller that applies to a table of `province`. A token holder's stored profile (province, score,
 * category) belongs to the exam of the holder's province: it applies only to that province's tables, and a stored
 * score out of the province's range is left out, so that a profile never makes a valid request fail. A caller
 * without a province is the CLI's trusted local user (`--score`): the score is taken as typed, and one out of
 * range is the caller's own bad input (a 400).
 */
function ownProfile(
  caller: Caller | null,
  province: Province,
): Pick<Caller, 'km' | 'score'> & { fromToken?: boolean } {
  if (!caller) return {}
  if (caller.province === undefined) return { km: caller.km, score: caller.score }
  if (findProvince(caller.province)?.name !== province.name) return {}
  const { km, score } = caller
  return score !== undefined && score >= 0 && score <= province.fullScore
    ? { km, score, fromToken: true }
    : { km, fromToken: true }
}

/**
 * SPEC 4.2: the table plus the caller's own place in it. The caller's score comes from a Bearer token over
 * HTTP (only for a table of the token's province), or from `--score` on the CLI (the local user is trusted);
 * never from the request body.
 */
export default defineEndpoint({
  name: 'seating-seating',
  command: ['seating', 'rank'],
  http: { method: 'POST', path: '/api/v1/seating/seating' },
  summary: '一分一段表与本人位次: 同分人数 (even_num) 与位次区间 (seating_sec)',
  input,
  callerFlags: [{ key: 'score', flag: '--score <score>', description: '本人分数 (计算 my_seating)' }],
  examples: [
    'gaokao seating rank --province 江苏 --year 2025 --km 物理 --score 612',
    'gaokao seating rank --province 河南 --score 580 --json',
    'gaokao seating rank --province 江苏 --km 物理 --score 612 --chart',
  ],
  async handler(input, ctx): Promise<WithView<SeatingData, SeatingView>> {
    const province = requireProvince(input.province)
    const own = ownProfile(ctx.caller, province)
    const sel = await selectSeatingTable(ctx, { ...input, province: province.name }, own.km)
    // A token's score is a score in the holder's own category: another category's table of the year has no place
    // for it. A year without the holder's category (物理 in 北京, 理科 after a reform: see profileKm) names no
    // other one, and the score is placed in the table asked for: a caller with a score gets my_seating.
    const ownKm = own.fromToken === true && own.km !== undefined ? profileKm(own.km, sel.kms) : undefined
    const otherCategory = ownKm !== undefined && ownKm !== sel.km
    const score = otherCategory ? undefined : own.score
    let mySeating: MySeating | null = null
    let same: SameRank | undefined
    if (score !== undefined) {
      if (score < 0 || score > province.fullScore)
        throw badRequest(`分数 ${score} 超出范围: ${province.name} 满分 ${province.fullScore}`)
      const seating = seatingOf(sel.rows, score)
      if (seating) mySeating = { even_num: seating.evenNum, seating_sec: formatSeatingSec(seating) }
      // 同位分: the rank the score stands for (the cumulative count at it), read through the earlier years.
      if (seating && sel.year !== undefined && sel.km !== undefined)
        same = await sameRankScores(ctx, province, sel.year, sel.km, seating.rankTo)
    }
    // SPEC 4.2: no data and no rank information answers an empty array.
    if (sel.rows.length === 0 && mySeating === null)
      return withView<SeatingData, SeatingView>([], { selection: sel })
    const data = {
      my_seating: mySeating,
      arr: sel.rows.map(scoreRankRow),
      ...(same ? { same_rank: same } : {}),
    }
    const outside = score !== undefined && mySeating === null ? score : undefined
    return withView(data, { selection: sel, outside, score })
  },
  // `seating rank --format csv|ndjson` answers the caller's place, like the table's title; without one, the table.
  // A score the table does not reach keeps the same columns, empty, so that a script reads one shape.
  records: (data, view) =>
    Array.isArray(data)
      ? []
      : data.my_seating
        ? [{ ...data.my_seating }]
        : view?.outside !== undefined
          ? [{ even_num: null, seating_sec: null }]
          : data.arr,
  table: (data, input, view) => {
    if (Array.isArray(data)) return { head: [], rows: [] }
    const mine = data.my_seating
    const rows = data.arr
    // In a terminal, the neighbourhood of the caller's score says more than 600 rows.
    let shown = rows
    // The top of a table is one band (689-750): its candidates share the band, not the score.
    let share = mine ? `同分 ${mine.even_num} 人` : ''
    if (mine) {
      const [from] = mine.seating_sec.split('~').map(Number)
      const at = rows.findIndex((r) => r.total >= (from ?? 0))
      shown = rows.slice(Math.max(0, at - 5), at + 6)
      const band = rows[at]?.score
      if (band?.includes('-')) share = `${band} 分段共 ${mine.even_num} 人`
    }
    const outside = view?.outside
    const last = rows[rows.length - 1]
    let place = mine ? `本人位次 ${mine.seating_sec}, ${share}` : '一分一段表'
    if (outside !== undefined && last) {
      place = `${outside} 分不在表内 (表止于 ${last.score} 分, 累计 ${last.total} 人): 位次在 ${last.total} 之后`
      shown = rows.slice(-6)
    }
    const seating = {
      title: `${view ? selectionName(view.selection) : ''} ${place}`.trim(),
      head: ['分数', '人数', '累计人数(位次)'],
      rows: shown.map((r) => [r.score, Number(r.num), r.total]),
      numeric: [1, 2],
      footer:
        [
          mine || outside !== undefined
            ? `(显示本人分数附近 ${shown.length} 行, 共 ${rows.length} 行; --json 输出全表)`
            : '',
          view ? defaultKmNote(input.km, view.selection) : '',
        ]
          .filter((line) => line !== '')
          .join('\n') || undefined,
    }
    const province = findProvince(view?.selection.province ?? '')
    const year = view?.selection.year
    return data.same_rank?.years.length && province && year !== undefined
      ? [seating, sameRankTable(data.same_rank, province, year)]
      : seating
  },
  chart: async (data, _input, _ctx, view) =>
    Array.isArray(data) || !view ? undefined : seatingChart(data, view.selection, view.score),
  emptyMessage: (data, input, view) => {
    if (!Array.isArray(data)) return undefined
    return view
      ? noTableMessage(view.selection)
      : `${input.province} ${input.year ?? ''} ${input.km ?? ''} 暂无一分一段数据`.replace(/\s+/g, ' ')
  },
})

/**
 * A table chosen without a category where the year has several: said, so that a 历史类 candidate who left out --km
 * does not read 物理类's rank as their own (the title names the category, which is easy to miss).
 */
function defaultKmNote(km: string | undefined, sel: SeatingSelection): string {
  if ((km ?? '').trim() !== '' || sel.km === undefined || sel.kms.length < 2) return ''
  const others = sel.kms.filter((k) => k !== sel.km)
  return `注意: 未指定科类, 按 ${sel.km}; 本年还有 ${others.join('、')}, 请加 --km (如 --km ${others[0]})`
}
