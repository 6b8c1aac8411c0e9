import type { Db } from '../../data/db.js'
import { ruleBatches } from '../../data/volunteer-rules.js'
import {
  type ExamMode,
  examModeIn,
  filingModeIn,
  findProvince,
  type Province,
} from '../../domain/provinces.js'
import { seatingOf } from '../../domain/rank.js'
import { memoized } from '../../endpoints/caches.js'
import { type ApiError, badRequest } from '../../errors.js'
import {
  assembleList,
  bothFirstChoices,
  buildOptions,
  type Classified,
  categoryOf,
  classify,
  cohortRatio,
  cohortSpread,
  composeMenu,
  contradictoryFirstChoice,
  DEFAULT_ESTIMATOR,
  type EstimatorParams,
  equivalentCategories,
  formReady,
  type HistoryRow,
  type Option,
  parseXuanke,
  planBatches,
  premiumIndex,
  type Strategy,
  type Subject,
  type TieredList,
  tierCounts,
  xuankeCategory,
} from './model/index.js'
import { isPlanBook, planOpenTo } from './model/plan-book.js'
import {
  findRule,
  hasOutcomes,
  historyRows,
  menuRows,
  menuYear,
  type PlanScope,
  planBatchNames,
  planSources,
  premiumRows,
  type RankTable,
  type RuleRow,
  rankTables,
  undergraduateLines,
} from './queries.js'

/** The pipeline shared by smart-match (4.8), cwb-num (4.13) and the backtest: request → tiers → list. */

export interface MatchRequest {
  /** As the request spelled them: the spec's error messages echo them */
  province: string
  batch: string
  rankYear: number
  rank: number
  score: number
  subject: string
  xuanke: string
  /** The score's field name in messages (cwb-num: user_info.score); default score */
  scoreField?: string
}

/** SPEC 4.8's "nothing can be generated" message. */
export const noDataError = (req: Pick<MatchRequest, 'province' | 'rankYear' | 'subject' | 'xuanke'>) =>
  badRequest(`${req.province}省${req.rankYear}年暂无<${req.subject}、${req.xuanke}>数据`)

/** SPEC 4.8's "no rule configured" message. */
export const noRuleError = (req: Pick<MatchRequest, 'province' | 'batch'>) =>
  badRequest(`${req.province}省暂无<${req.batch}>的志愿填报规则`)

/** Everything about the candidate's year that does not depend on the candidate: cached per process. */
export interface Universe {
  rankYear: number
  scope: PlanScope
  category: string
  /** The plan year the options come from (the rank year when its plan is published) */
  planYear: number
  /** The plan that completes a partial one (schools it does not name keep this plan's offer) */
  earlierPlanYear: number | null
  options: Option[]
  /**
   * Schools of the plan with no option: no earlier lowest rank to judge them by (江苏's top schools: their 2023-2024
   * lines have a score only, above every traced rank). Not listed, and the list says how many.
   */
  unjudgedSchools: number
  /** The rank year's 一分一段 table, if any */
  table: RankTable | undefined
  /**
   * A 专业+院校 province without a single major line in the evidence years (浙江, 山东): its majors are judged from
   * their school's line times their premium (model/premium.ts), or, for the backtest, which has no
   * major line to check them against, its schools are the options.
   */
  noMajorLines: boolean
  /**
   * The subjects the plan year's plan was filtered for (浙江 2026: 物理, 化学, 生物; model/plan-book.ts), null when it
   * was not: a list for a candidate of other subjects misses the programmes that require them.
   */
  planOpenTo: readonly Subject[] | null
}

export interface Candidate {
  province: Province
  rule: RuleRow
  category: string
  rank: number
  chosen: ReadonlySet<Subject> | null
}

export interface MatchOutcome extends Candidate {
  universe: Universe
  classified: Classified[]
}

/** Checks the request in the spec's order and finds the candidate's rule, category and rank. */
export async function resolveCandidate(
  db: Db,
  req: MatchRequest,
  opts: { fresh?: boolean } = {},
): Promise<Candidate> {
  const province = findProvince(req.province)
  const rule = province ? await findRule(db, province.name, req.batch, req.rankYear, opts) : undefined
  if (!province) throw noRuleError(req)
  if (!rule) {
    // The spec's message names no batch: the terminal's line adds the ones the province has (山东: 普通类一段 ...)
    const err = noRuleError(req)
    const batches = await batchesWithRule(db, province.name, req.rankYear)
    if (batches.length > 0) err.hint = `${province.name} ${req.rankYear} 年可选的批次: ${batches.join('、')}`
    throw err
  }
  // A score above the full score is not a very good candidate but a typing error (9999 once read as rank 1).
  const fullScore = rule.score_max > 0 ? rule.score_max : province.fullScore
  if (req.score > fullScore)
    throw badRequest(`参数 ${req.scoreField ?? 'score'} 无效: 应在 0 到 ${fullScore} 之间, 收到 ${req.score}`)
  const chosen = parseXuanke(req.xuanke)
  const mode = examModeIn(province, req.rankYear)
  if (bothFirstChoices(mode, chosen))
    throw badRequest(`参数 xuanke 无效: 物理和历史只能首选其一, 收到 ${req.xuanke}`)
  const contradiction = contradictoryFirstChoice(mode, req.subject, chosen)
  if (contradiction)
    throw badRequest(
      `参数 xuanke 无效: 首选科目为 ${contradiction.stated} (subject), 选科应含 ${contradiction.stated} 而不是 ${contradiction.chosen}, 收到 ${req.xuanke}`,
    )
  // A 文理 category given as xuanke (`--xuanke 理科`) and no first choice as subject: the category is the subject.
  const named = xuankeCategory(req.xuanke)
  const subject = named && ['', '综合'].includes(req.subject.trim()) ? named : req.subject
  const category = categoryOf(mode, subject, chosen)
  if (!category) throw withFirstChoiceSaid(noDataError(req), province, req.rankYear, mode, subject)
  let rank = req.rank
  if (!(rank > 0)) {
    if (!(req.score > 0)) {
      // the spec's message for it says no data; the terminal's line says what is missing
      const err = noDataError(req)
      err.hint = `未给出分数或位次: ${req.scoreField ?? 'score'} 与 rank 至少给一个`
      throw err
    }
    const tables = await rankTables(db, province.name, [category], req.rankYear, req.rankYear, levelOf(rule))
    const table = tables.get(req.rankYear)
    // The last rank of the candidates with that score (a score nobody had: right after everyone above it).
    const seating = table ? seatingOf(table.rows, req.score) : undefined
    if (!seating) {
      const err = noDataError(req)
      const lowest = table ? Math.min(...table.rows.map((r) => r.scoreLow)) : undefined
      err.hint =
        lowest === undefined
          ? `${req.rankYear} 年没有${category}的一分一段表, 可用 --rank 直接给出位次`
          : `${req.score} 分不在 ${req.rankYear} 年${category}的一分一段表中, 该表只到 ${lowest} 分; 可用 --rank 直接给出位次`
      throw err
    }
    rank = seating.rankTo
  }
  return { province, rule, category, rank, chosen }
}

/** The batches a province's rule is found for in a year (findRule), the ordinary undergraduate one first. */
async function batchesWithRule(db: Db, province: string, year: number): Promise<string[]> {
  const out: string[] = []
  for (const batch of await ruleBatches(db, province, year))
    if (await findRule(db, province, batch, year)) out.push(batch)
  return out
}

/**
 * No category for the subject given: the spec's message (`江苏省2025年暂无<化学、综合>数据`) stays the envelope's, and
 * the terminal's line says what the first choice must be in the province's exam mode that year.
 */
function withFirstChoiceSaid(
  err: ApiError,
  province: Province,
  year: number,
  mode: ExamMode,
  subject: string,
): ApiError {
  const given = subject.trim()
  const valid = mode === '文理' ? '理科 或 文科' : '物理 或 历史'
  const what = mode === '文理' ? `文理分科, 科类应为 ${valid}` : `首选科目应为 ${valid}`
  err.terminalMessage =
    given === '' || given === '综合'
      ? `${province.name} ${year} 年${what}: 请用 --subject 给出, 或在 --xuanke 中写上${mode === '文理' ? '物理或历史' : '其一'}`
      : `${province.name} ${year} 年${what} (--subject), 收到 ${given}`
  return err
}

export const levelOf = (rule: RuleRow): '本科' | '专科' =>
  /专科|高职/u.test(rule.batch_name) ? '专科' : '本科'

/** The options of the candidate's province, year, category and batch, with their estimates. */
export async function loadUniverse(
  db: Db,
  req: Pick<MatchRequest, 'batch' | 'rankYear'>,
  c: Pick<Candidate, 'province' | 'rule' | 'category'>,
  opts: UniverseOptions = {},
): Promise<Universe | undefined> {
  const params = opts.params ?? DEFAULT_ESTIMATOR
  if (opts.bypassCache || params !== DEFAULT_ESTIMATOR || opts.schoolItems || opts.hideMajorLines)
    return buildUniverse(db, req, c, params, opts)
  const key = [c.province.name, req.batch, req.rankYear, c.category, c.rule.year, c.rule.batch_name].join('|')
  return memoized(db, 'smart-match-universes', key, () => buildUniverse(db, req, c, params, opts))
}

export interface UniverseOptions {
  bypassCache?: boolean
  params?: EstimatorParams
  /**
   * Where no major line exists (Universe.noMajorLines), schools rather than majors judged from school lines: what
   * the backtest can check against the year's school lines.
   */
  schoolItems?: boolean
  /**
   * The backtest of the premium method where it can be checked (`backtest --hide-major-lines`): a 专业+院校
   * province's major and group lines are read as the school lines they imply (each school's least selective line
   * of a year), as if it were 浙江, so its majors are judged from school lines and premiums and compared with their
   * own actual lines.
   */
  hideMajorLines?: boolean
}

async function buildUniverse(
  db: Db,
  req: Pick<MatchRequest, 'batch' | 'rankYear'>,
  c: Pick<Candidate, 'province' | 'rule' | 'category'>,
  params: EstimatorParams,
  opts: UniverseOptions,
): Promise<Universe | undefined> {
  const province = c.province.name
  const batches = planBatches(req.batch, c.rule.batch_name, await planBatchNames(db, province))
  if (batches.length === 0) return undefined
  const categories = equivalentCategories(c.category)
  const scope: PlanScope = { province, batches, categories }
  const planYear = await menuYear(db, scope, req.rankYear)
  if (planYear === undefined) return undefined
  // A plan may be published for some schools only (most provinces' 2026 plans: one school's page): the others keep
  // the offer of the plan year before. The same holds when the rank year has no plan yet (a rank year ahead, given
  // by rank): its menu is the latest plan, completed so. A plan book published ahead of its admissions
  // (model/plan-book.ts) is not completed: a school it lacks does not recruit in the batch that year.
  const earlier = await menuYear(db, scope, planYear - 1)
  const fromYear = req.rankYear - params.lookback
  const undergraduate = levelOf(c.rule) === '本科'
  const [current, previous, evidence, tables, lines, admitted, sources] = await Promise.all([
    menuRows(db, scope, planYear),
    earlier === undefined ? Promise.resolve([]) : menuRows(db, scope, earlier),
    historyRows(db, scope, fromYear, req.rankYear, undergraduate),
    rankTables(db, province, categories, fromYear, req.rankYear, levelOf(c.rule)),
    undergraduate
      ? undergraduateLines(db, province, categories, fromYear, req.rankYear)
      : new Map<string, number>(),
    hasOutcomes(db, scope, planYear),
    planSources(db, scope, planYear),
  ])
  const history = opts.hideMajorLines ? asSchoolLines(evidence) : evidence
  const offered = new Set(current.map((r) => r.sid))
  const planBook = !admitted && isPlanBook(offered, previous)
  const published = planYear === req.rankYear
  const volunteerType = volunteerTypeOf(c.rule)
  // Units whose plan names no majors list the best evidence of them there is (compose.ts), marked as such.
  const menu = composeMenu(
    [
      ...current.map((r) => ({ ...r, carried: !published, planYear })),
      ...(planBook
        ? []
        : previous
            .filter((r) => !offered.has(r.sid))
            .map((r) => ({ ...r, carried: true, ...(earlier === undefined ? {} : { planYear: earlier }) }))),
    ],
    previous,
    history,
    volunteerType,
  )
  const target = tables.get(req.rankYear)
  const ratios = new Map<number, ReturnType<typeof cohortRatio>>()
  const ratioOf = (year: number) => {
    let r = ratios.get(year)
    if (!r) {
      const source = tables.get(year)
      r = cohortSpread(
        cohortRatio(target?.rows, source?.rows),
        target?.rows,
        source?.rows,
        target && lines.get(`${target.year}|${target.km}`),
        source && lines.get(`${source.year}|${source.km}`),
      )
      if (examModeIn(c.province, year) !== examModeIn(c.province, req.rankYear)) r = { ...r, reform: true }
      if (filingModeIn(c.province, year) !== filingModeIn(c.province, req.rankYear))
        r = { ...r, filingChange: true }
      ratios.set(year, r)
    }
    return r
  }
  const noMajorLines = volunteerType === 3 && !history.some((h) => h.level === 'major')
  const premiumOf =
    noMajorLines && !opts.schoolItems
      ? premiumIndex(
          await premiumRows(db, fromYear - 1, req.rankYear, province),
          params.classes['major<school'].shift,
        )
      : undefined
  const options = buildOptions({
    volunteerType,
    targetYear: req.rankYear,
    menu,
    history,
    ratioOf,
    params,
    ...(premiumOf ? { premiumOf } : {}),
    ...(earlier === undefined ? {} : { previousPlan: { year: earlier, rows: previous } }),
  })
  const judged = new Set(options.map((o) => o.sid))
  return {
    rankYear: req.rankYear,
    scope,
    category: c.category,
    planYear,
    earlierPlanYear: earlier ?? null,
    options,
    unjudgedSchools: new Set(menu.filter((r) => !judged.has(r.sid)).map((r) => r.sid)).size,
    table: target,
    noMajorLines,
    planOpenTo: planOpenTo(sources),
  }
}

/** Each school's lines of a year as one school line: its least selective (highest) lowest rank. */
function asSchoolLines(history: readonly HistoryRow[]): HistoryRow[] {
  const best = new Map<string, HistoryRow>()
  for (const h of history) {
    const key = `${h.sid}|${h.year}`
    const cur = best.get(key)
    if (!cur || h.rank > cur.rank)
      best.set(key, { ...h, group: '', name: '', majorId: null, level: 'school' })
  }
  return [...best.values()]
}

export const volunteerTypeOf = (rule: Pick<RuleRow, 'volunteer_type'>): 1 | 2 | 3 =>
  rule.volunteer_type === 1 || rule.volunteer_type === 3 ? rule.volunteer_type : 2

/** Classifies every option of the candidate's universe under a strategy (before any cut). */
export async function matchCandidate(
  db: Db,
  req: MatchRequest,
  strategy: Strategy,
  opts: UniverseOptions = {},
  /** The options the list may hold (a family's preferences, preferences.ts); all by default */
  select?: (options: readonly Option[]) => Promise<readonly Option[]>,
): Promise<MatchOutcome> {
  const candidate = await resolveCandidate(db, req, { fresh: opts.bypassCache === true })
  const universe = await loadUniverse(db, req, candidate, opts)
  if (!universe) throw noDataError(req)
  const classified = classify(
    select ? await select(universe.options) : universe.options,
    candidate.rank,
    candidate.chosen,
    strategy,
    candidate.rule.volunteer_num_max,
  )
  return { ...candidate, universe, classified }
}

/** The list: the province's number of choices split by the strategy's mix, each item cut to majorNumMax. */
export function listOf(outcome: MatchOutcome, strategy: Strategy): TieredList {
  return cutList(outcome.classified, outcome.rule, outcome.rank, strategy)
}

/** The cut of listOf for any classified options under a rule (the backtest cuts its sampled candidates' lists so). */
export function cutList(
  classified: readonly Classified[],
  rule: Pick<RuleRow, 'volunteer_num_max' | 'major_num_max' | 'volunteer_type'>,
  rank: number,
  strategy: Strategy,
): TieredList {
  const type = volunteerTypeOf(rule)
  // Where the choice is a group or a major, an item that names none cannot be typed into the 志愿表: each pick
  // prefers a neighbour that can (assemble.ts). Where the choice is the school (type 1) the school is typeable as
  // it stands, so nothing is preferred there; this exception was found by reading 新疆 2025's backtest misses with
  // the preference on (in-sample for 2025: docs/smart-match.md, "The caveat: rules found in-sample").
  return assembleList(
    classified,
    tierCounts(strategy, rule.volunteer_num_max),
    Math.max(1, rule.major_num_max),
    rank,
    strategy.baoPrefer,
    type === 1 ? undefined : (c) => formReady(c, type),
  )
}
