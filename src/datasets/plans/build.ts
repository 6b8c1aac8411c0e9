import { PROVINCES } from '../../domain/provinces.js'
import { createMajorMatcher, type MajorRow } from '../majors/match.js'
import { kmOrder, provinceOf } from '../normalize.js'
import { createSchoolMatcher, type SchoolRow } from '../schools/match.js'
import { checkPlans, MAX_YEAR, MIN_YEAR, type PlanViolation } from './checks.js'
import {
  dropCopiedGroups,
  dropCutCopiesOfCgNames,
  dropGpGroupsOfAnotherBatch,
  dropGpSchoolLinesOfAnotherBatch,
  dropGpSchoolLinesOfEarlyBatchSchools,
} from './copies.js'
import { spreadLocalSchoolCodes } from './local-codes.js'
import {
  type MergedRow,
  type MergeStats,
  mergeRecords,
  outcomeLevel,
  type ResolvedRecord,
  sourcesOf,
} from './merge.js'
import { joinMajorsNamedWithNotes } from './named-with-notes.js'
import {
  campusOf,
  groupKey,
  isOrdinarySubject,
  majorKey,
  programmeAnnotation,
  schoolNameVariants,
  sgName,
} from './normalize.js'
import { enforceRankBands, type RankBandStats } from './rank-bands.js'
import { type RankLookup, type RankTableSlice, rankLookup } from './ranks.js'
import { clearSchoolLinesAboveTheirMajors } from './school-lines.js'
import { PLAN_ADAPTERS, PLAN_SOURCE_ORDER } from './sources/index.js'
import { type FirstClassMajors, loadFirstClassMajors } from './sources/mc.js'
import { dropOrdinaryCopiesOfSpecialLines, dropOrdinaryCopiesOfTrackLines } from './special-copies.js'
import { BATCH_NAMES, type DropCount, type PlanRecord, type PlanRow, type PlanSourceId } from './types.js'

/** The plans build, step by step: load every adapter, resolve schools and majors, derive ranks, merge, check. */

export interface LoadedPlans {
  records: PlanRecord[]
  dropped: DropCount[]
  /** group lines dropped as tracks (PlanAdapterResult.trackLines) */
  trackLines?: PlanRecord[]
  files: string[]
  firstClass: FirstClassMajors
}

export async function loadPlanRecords(
  from: string,
  progress?: (step: string, done: number, total: number) => void,
  sources?: readonly PlanSourceId[],
): Promise<LoadedPlans> {
  const adapters = PLAN_ADAPTERS.filter((a) => !sources || sources.includes(a.id))
  const records: PlanRecord[] = []
  const dropped: DropCount[] = []
  const trackLines: PlanRecord[] = []
  const files: string[] = []
  let done = 0
  for (const a of adapters) {
    progress?.(`load ${a.id}`, done, adapters.length)
    const r = await a.load(from)
    for (const rec of r.records) records.push(rec)
    for (const rec of r.trackLines ?? []) trackLines.push(rec)
    dropped.push(...r.dropped)
    files.push(...r.files)
    done++
  }
  progress?.('loaded', done, adapters.length)
  return { records, dropped, trackLines, files, firstClass: await loadFirstClassMajors(from) }
}

export interface PlansInputs {
  schools: readonly SchoolRow[]
  majors: readonly MajorRow[]
  /** the 一分一段 tables (score_ranks) for rank derivation */
  rankSlices: readonly RankTableSlice[]
}

export interface PlansResult {
  rows: PlanRow[]
  violations: PlanViolation[]
  dropped: DropCount[]
  unmatchedSchools: { source: PlanSourceId; name: string; rows: number }[]
  /** 上海 short names resolved to schools */
  aliases: { name: string; school: string }[]
  merge: MergeStats
  derivedHere: number
  derivationMisses: Record<string, number>
  /** rows whose average / max contradicted the lowest score (both dropped) */
  inconsistentAverages: number
  /** rows kept as plans whose outcome was the year before's (isOutcomeOfYearBefore) */
  outcomesOfYearBefore: number
  /** ranks outside their own table's band for their score, fixed or cleared (rank-bands.ts), by source */
  rankBands: RankBandStats
  /** 普通 group lines dropped as copies of a special plan's line (special-copies.ts), by their sources */
  specialCopies: Record<string, number>
  /** 普通 group lines dropped as copies of a line a source dropped as a track (special-copies.ts), by their sources */
  trackCopies: Record<string, number>
  /** GP major rows dropped as copies of a CG major whose bracket GP's name lost (copies.ts) */
  cutCopies: number
  /** major rows joined to another row of the same major named apart by a bracket of notes (named-with-notes.ts) */
  majorsNamedWithNotes: number
  /** rows of a group filed twice under another code (copies.ts dropCopiedGroups) */
  copiedGroups: number
  /** GP's rows of a group another source has in another batch (copies.ts dropGpGroupsOfAnotherBatch) */
  gpGroupsOfAnotherBatch: number
  /** GP's school lines another source has in another batch (copies.ts dropGpSchoolLinesOfAnotherBatch) */
  gpSchoolLinesOfAnotherBatch: number
  /** GP's 本科批 school lines of schools that admit in 本科提前批 only (copies.ts dropGpSchoolLinesOfEarlyBatchSchools) */
  gpSchoolLinesOfEarlyBatchSchools: number
  /** School lines above their own majors' lines, their outcome taken away (school-lines.ts), by their sources */
  schoolLinesAboveMajors: Record<string, number>
  /** rows that took their school's 院校代号 of the province and year from its other rows (local-codes.ts) */
  localSchoolCodesSpread: number
}

/** School resolution: the matcher on the name's spellings, then the national code, then the source's id hint. */
function schoolResolver(schools: readonly SchoolRow[]) {
  const match = createSchoolMatcher(schools)
  const bySid = new Map(schools.map((s) => [s.sid, s]))
  const codeCount = new Map<string, number>()
  for (const s of schools) codeCount.set(s.code, (codeCount.get(s.code) ?? 0) + 1)
  const byCode = new Map(
    schools
      .filter((s) => /^1\d{4}$/u.test(s.code) && codeCount.get(s.code) === 1)
      .map((s) => [s.code, s.sid]),
  )
  const cache = new Map<string, number | null>()
  const resolve = (name: string, code: string | null, hint: number | null | undefined): number | null => {
    const key = `${name}|${code ?? ''}|${hint ?? ''}`
    const hit = cache.get(key)
    if (hit !== undefined) return hit
    let sid: number | null = null
    for (const v of schoolNameVariants(name)) {
      const s = match(v)
      if (s !== undefined && bySid.has(s)) {
        sid = s
        break
      }
    }
    if (sid === null && code) sid = byCode.get(code) ?? null
    if (sid === null && hint != null && bySid.has(hint)) sid = hint
    cache.set(key, sid)
    return sid
  }
  return { resolve, bySid, match }
}

/** True when the characters of `short` appear in `long` in order. */
function subsequence(short: string, long: string): boolean {
  let i = 0
  for (const c of long) if (c === short[i]) i++
  return i === short.length
}

/**
 * 上海's exam authority publishes its 投档线 with short school names (上海交大, 华东师大, 上应大, 二工大, 石油北京), and
 * LG and SH copy them. A short name stands for the school of the right level whose name contains its characters in
 * order, the shortest such name when it is the only one of its length: first among names that start like it
 * (pass 1), then with 上海 in front (pass 2: 二工大 → 上海第二工业大学), then anywhere (pass 3: 石油北京 → 中国石油大学
 * (北京)). Ambiguous names stay unresolved, and when two short names land on one school only those of the earliest
 * pass keep it (外经贸大 does not take 上海对外经贸大学 from 上经贸大).
 */
export function resolveAbbreviations(
  shorts: ReadonlyMap<string, { level: '本科' | '专科'; years: ReadonlySet<number> }>,
  schools: readonly SchoolRow[],
): Map<string, number> {
  const list = schools.map((s) => ({
    sid: s.sid,
    name: s.name.normalize('NFKC'),
    ug: s.level_name === '普通本科',
  }))
  const found = new Map<string, { sid: number; pass: number }>()
  for (const [short, { level }] of [...shorts].sort((a, b) => cmp(a[0], b[0]))) {
    if (short.length < 3 || short.length > 8) continue
    const pool = list.filter((s) => s.ug === (level === '本科'))
    const passes: (() => typeof list)[] = [
      () => pool.filter((s) => s.name[0] === short[0] && subsequence(short, s.name)),
      () => pool.filter((s) => s.name.startsWith('上海') && subsequence(`上海${short}`, s.name)),
      () => pool.filter((s) => subsequence(short, s.name)),
    ]
    for (let pass = 0; pass < passes.length; pass++) {
      const cands = (passes[pass] as () => typeof list)()
      if (cands.length === 0) continue
      const min = Math.min(...cands.map((c) => c.name.length))
      const best = cands.filter((c) => c.name.length === min)
      if (best.length === 1) found.set(short, { sid: (best[0] as (typeof list)[number]).sid, pass })
      break
    }
  }
  const out = new Map<string, number>()
  for (const [short, { sid, pass }] of found) {
    const years = shorts.get(short)?.years ?? new Set<number>()
    const rival = [...found].some(
      ([other, f]) =>
        other !== short &&
        f.sid === sid &&
        f.pass < pass &&
        [...(shorts.get(other)?.years ?? [])].some((y) => years.has(y)),
    )
    if (!rival) out.set(short, sid)
  }
  return out
}

const provinceIndex = new Map(PROVINCES.map((p, i) => [p.name, i]))
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
const KIND_ORDER = { school: 0, group: 1, major: 2 } as const

/** Sorts rows: province (national order), year, category, batch, school, kind, group, major, local batch. */
function sortRows(rows: MergedRow[]): MergedRow[] {
  const keyed = rows.map((row) => ({
    row,
    p: provinceIndex.get(row.province) ?? 99,
    b: BATCH_NAMES.indexOf(row.batchName as never),
    g: groupKey(row.sgCode).padStart(8, '0'),
  }))
  keyed.sort(
    (a, b) =>
      a.p - b.p ||
      a.row.year - b.row.year ||
      kmOrder(a.row.subjectType, b.row.subjectType) ||
      a.b - b.b ||
      a.row.sid - b.row.sid ||
      KIND_ORDER[a.row.kind] - KIND_ORDER[b.row.kind] ||
      cmp(a.g, b.g) ||
      cmp(a.row.spname, b.row.spname) ||
      cmp(a.row.localBatchName, b.row.localBatchName) ||
      cmp(a.row.planType, b.row.planType),
  )
  return keyed.map((k) => k.row)
}

/** Everything after loading; pure apart from its inputs. */
export function planPlans(loaded: LoadedPlans, inputs: PlansInputs): PlansResult {
  const dropped: DropCount[] = [...loaded.dropped]
  const drop = (source: PlanSourceId, reason: string) => {
    const d = dropped.find((x) => x.source === source && x.reason === reason)
    if (d) d.rows++
    else dropped.push({ source, reason, rows: 1 })
  }
  const schools = schoolResolver(inputs.schools)
  const majorMatch = createMajorMatcher(inputs.majors)
  const shorts = new Map<string, { level: '本科' | '专科'; years: Set<number> }>()
  for (const r of loaded.records) {
    if (r.province !== '上海') continue
    const known = shorts.get(r.schoolName)
    if (known) known.years.add(r.year)
    else if (schools.resolve(r.schoolName, r.schoolCode, r.sidHint) === null)
      shorts.set(r.schoolName, { level: r.level, years: new Set([r.year]) })
  }
  const abbreviations = resolveAbbreviations(shorts, inputs.schools)
  const lookup = rankLookup(inputs.rankSlices)
  const unmatched = new Map<string, { source: PlanSourceId; name: string; rows: number }>()
  const aliasesUsed = new Map<string, { name: string; school: string }>()
  const resolved: ResolvedRecord[] = []
  let derivedHere = 0
  let outcomesOfYearBefore = 0
  const derivationMisses: Record<string, number> = {}
  for (const r of loaded.records) {
    if (r.year < MIN_YEAR || r.year > MAX_YEAR) {
      drop(r.source, `year outside ${MIN_YEAR}..${MAX_YEAR}`)
      continue
    }
    let sid = schools.resolve(r.schoolName, r.schoolCode, r.sidHint)
    if (sid === null && r.province === '上海') {
      sid = abbreviations.get(r.schoolName) ?? null
      if (sid !== null && !aliasesUsed.has(r.schoolName)) {
        const school = (schools.bySid.get(sid) as SchoolRow).name
        aliasesUsed.set(r.schoolName, { name: r.schoolName, school })
      }
    }
    if (sid === null) {
      const k = `${r.source}|${r.schoolName}`
      const u = unmatched.get(k) ?? { source: r.source, name: r.schoolName, rows: 0 }
      u.rows++
      unmatched.set(k, u)
      drop(r.source, 'school not in the schools table')
      continue
    }
    const school = schools.bySid.get(sid) as SchoolRow
    if (r.spname === '' && programmeAnnotation(r.schoolName, school.name)) {
      drop(
        r.source,
        'line of one programme or campus of a school (较高收费, 中外合作, 沙河校区 …), not the school’s',
      )
      continue
    }
    const campus = r.spname !== '' ? campusOf(r.schoolName, school.name) : null
    // A campus that is no school of the table named as the school of group rows: the sources name a campus so where
    // it is an entry of the form of its own, with its own 院校代号 (电子科技大学(沙河校区): 江苏 6112, beside
    // 电子科技大学's 6104; GX, GA and JSP list it apart), so its groups are not its main school's groups of the same
    // code, which a list would tell the candidate to fill with majors they do not hold (电子科技大学 江苏 2026
    // 专业组（03） with 电子信息类(清水河校区)(沙河校区)), and the schools table cannot hold them apart. Nothing here
    // checks the code: such rows are counted. Its majors in a province without groups stay, marked with the campus.
    if (campus !== null && r.sgCode !== null && r.sgCode !== '') {
      drop(
        r.source,
        'major of a campus with groups of its own (its own 院校代号; no school of the schools table)',
      )
      continue
    }
    // a name that says the campus already (电子信息类(沙河)) keeps it as it is
    if (campus !== null && !r.spname.includes(campus.replace(/(校区|分校)$/u, '')))
      r.spname = `${r.spname}(${campus})`
    const full = provinceOf(r.province).fullScore
    if (r.min !== null && r.min > full) {
      // above the province's full score: a composite (art) score or an error, not a gaokao total
      clearOutcome(r)
      if (r.num === null) {
        drop(r.source, 'score above the province’s full score')
        continue
      }
    }
    if ((r.average ?? 0) > full || (r.max ?? 0) > full) {
      r.average = null
      r.max = null
    }
    if (isOutcomeOfYearBefore(r, lookup, school.province !== r.province)) {
      // A plan booklet quoting last year's lines (GP's 2025 groups for 山东 and 河北): the plan is this year's, the
      // score and rank are not, so the outcome goes and the plan stays.
      clearOutcome(r)
      if (r.num === null) {
        drop(r.source, 'outcome of the year before (its score and rank are that year’s, not its own)')
        continue
      }
      outcomesOfYearBefore++
    }
    const majorId = r.spname !== '' ? (majorMatch(r.spname, r.level, r.spcode ?? undefined) ?? null) : null
    // resolved in place: the records are this build's own objects, and a copy of a million of them costs memory
    const rec = r as ResolvedRecord
    rec.sid = sid
    rec.schoolLabel = school.name
    rec.majorId = majorId
    if (
      rec.min !== null &&
      rec.minSection === null &&
      !rec.rankBlocked &&
      isOrdinarySubject(rec.subjectType)
    ) {
      const table = lookup(
        rec.province,
        rec.year,
        rec.subjectType,
        rec.level,
        school.province !== rec.province,
      )
      const rank = table?.rankOf(rec.min) ?? null
      if (rank !== null) {
        rec.minSection = rank
        rec.rankDerived = true
        derivedHere++
      } else {
        const why = table ? 'score outside the table' : 'no 一分一段 table'
        derivationMisses[why] = (derivationMisses[why] ?? 0) + 1
      }
    }
    resolved.push(rec)
  }

  const { rows: mergedRows, stats } = mergeRecords(resolved, PLAN_SOURCE_ORDER)
  // safety net: rows that end on one output key (a group learnt during the merge) keep the first
  const seenKeys = new Set<string>()
  const deduped = sortRows(mergedRows).filter((m) => {
    const k = [m.province, m.year, m.sid, m.subjectType, m.batchName, m.planType, m.localBatchName]
      .concat([m.kind === 'school' ? '' : groupKey(m.sgCode), m.spname])
      .join('|')
    if (seenKeys.has(k)) {
      stats.ambiguous++
      return false
    }
    seenKeys.add(k)
    return true
  })
  // a special plan's group line that a source without plan types filed as ordinary is not an ordinary group
  const { rows: withoutCopies, dropped: specialCopies } = dropOrdinaryCopiesOfSpecialLines(
    deduped,
    PLAN_SOURCE_ORDER,
  )
  // a track's group line (民族班, 预科) that a source without its 备注 filed as ordinary is no ordinary group
  const trackLines = (loaded.trackLines ?? []).flatMap((r) => {
    const sid = schools.resolve(r.schoolName, r.schoolCode, r.sidHint)
    return sid === null ? [] : [{ ...r, sid }]
  })
  const { rows: withoutTrackCopies, dropped: trackCopies } = dropOrdinaryCopiesOfTrackLines(
    withoutCopies,
    trackLines,
    PLAN_SOURCE_ORDER,
  )
  // a GP major named without the bracket CG's name of it has is a copy of CG's, not a major of its own
  const { rows: withoutCutCopies, dropped: cutCopies } = dropCutCopiesOfCgNames(
    withoutTrackCopies,
    PLAN_SOURCE_ORDER,
  )
  // a major's plan from one source and its line from another, or two copies of its line, named apart by a
  // bracket of notes, are one major
  const { rows: joinedHalves, joined: majorsNamedWithNotes } = joinMajorsNamedWithNotes(withoutCutCopies)
  // a GP group (no batch: filed under 本科批) that another source has in another batch is that group
  const { rows: withoutMisfiled, dropped: gpGroupsOfAnotherBatch } = dropGpGroupsOfAnotherBatch(
    joinedHalves,
    PLAN_SOURCE_ORDER,
  )
  // so is a GP school line with the lowest score of the school's line in another batch
  const { rows: withoutMisfiledLines, dropped: gpSchoolLinesOfAnotherBatch } =
    dropGpSchoolLinesOfAnotherBatch(withoutMisfiled, PLAN_SOURCE_ORDER)
  // and a GP school line under 本科批 of a school that admits in 本科提前批 only
  const { rows: withoutEarlySchools, dropped: gpSchoolLinesOfEarlyBatchSchools } =
    dropGpSchoolLinesOfEarlyBatchSchools(withoutMisfiledLines, PLAN_SOURCE_ORDER)
  // a group filed twice under two codes, its majors and scores all alike, is one group
  const { rows: withoutCopiedGroups, dropped: copiedGroups } = dropCopiedGroups(withoutEarlySchools)
  // a school's line above its own majors' is one programme's line, not the school's lowest
  const { rows: merged, cleared: schoolLinesAboveMajors } = clearSchoolLinesAboveTheirMajors(
    withoutCopiedGroups,
    PLAN_SOURCE_ORDER,
  )
  // a published average or max that contradicts the lowest score is dropped (the lowest score is kept)
  let inconsistent = 0
  for (const m of merged) {
    const bad =
      m.min !== null &&
      ((m.average !== null && m.average < m.min) ||
        (m.max !== null && m.max < m.min) ||
        (m.average !== null && m.max !== null && m.average > m.max))
    if (bad) {
      m.average = null
      m.max = null
      inconsistent++
    }
  }
  // a province's own 院校代号 on every row of its school and year, where a source prints one
  const localSchoolCodesSpread = spreadLocalSchoolCodes(merged)
  // every rank agrees with its own 一分一段 table, whichever source gave it
  const rankBands = enforceRankBands(merged, lookup, (sid) => schools.bySid.get(sid)?.province)

  // 一流专业 (MC): school sid + major name
  const firstClass = new Set<string>()
  for (const [school, major] of loaded.firstClass.pairs) {
    const sid = schools.resolve(school, null, null)
    if (sid === null) continue
    firstClass.add(`${sid}|${majorKey(major)}`)
    firstClass.add(`${sid}|${majorKey(major).replace(/\([^()]*\)$/u, '')}`)
  }
  const isFirstClass = (row: MergedRow): 0 | 1 => {
    if (row.kind !== 'major') return 0
    const k = majorKey(row.spname)
    return firstClass.has(`${row.sid}|${k}`) || firstClass.has(`${row.sid}|${k.replace(/\([^()]*\)$/u, '')}`)
      ? 1
      : 0
  }

  const rows: PlanRow[] = merged.map((m, i) => ({
    id: i + 1,
    sid: m.sid,
    school_name: m.schoolLabel,
    major_id: m.majorId,
    spname: m.spname,
    spcode: m.spcode,
    province: m.province,
    year: m.year,
    subject_type: m.subjectType,
    batch_name: m.batchName,
    local_batch_name: m.localBatchName,
    plan_type: m.planType as PlanRow['plan_type'],
    sg_name: m.kind === 'school' ? null : sgName(m.sgCode),
    sg_infos: m.sgInfos,
    num: m.num ?? -1,
    tuition: m.tuition,
    length: m.length,
    min: m.min,
    min_section: m.minSection,
    rank_derived: m.minSection !== null && m.rankDerived,
    average: m.average,
    max: m.max,
    outcome_level: outcomeLevel(m),
    is_dual_class: isFirstClass(m),
    provenance: 'real',
    source: sourcesOf(m, PLAN_SOURCE_ORDER).join('+'),
    num_unverified: m.num !== null && m.numUnverified === true,
    local_school_code: m.localSchoolCode ?? null,
    local_spcode: m.kind === 'major' ? (m.localSpcode ?? null) : null,
  }))
  const violations = checkPlans(
    rows,
    new Set(inputs.schools.map((s) => s.sid)),
    new Set(inputs.majors.map((m) => m.major_id)),
  )
  const unmatchedSchools = [...unmatched.values()].sort(
    (a, b) => b.rows - a.rows || cmp(a.source, b.source) || cmp(a.name, b.name),
  )
  return {
    rows,
    violations,
    dropped: dropped.sort((a, b) => cmp(a.source, b.source) || b.rows - a.rows || cmp(a.reason, b.reason)),
    unmatchedSchools,
    aliases: [...aliasesUsed.values()].sort((a, b) => cmp(a.name, b.name)),
    merge: stats,
    derivedHere,
    derivationMisses,
    inconsistentAverages: inconsistent,
    outcomesOfYearBefore,
    rankBands,
    specialCopies,
    trackCopies,
    cutCopies,
    majorsNamedWithNotes,
    copiedGroups,
    gpGroupsOfAnotherBatch,
    gpSchoolLinesOfAnotherBatch,
    gpSchoolLinesOfEarlyBatchSchools,
    schoolLinesAboveMajors,
    localSchoolCodesSpread,
  }
}

/** Takes a record's outcome away (lowest score and rank, average, max), leaving its plan. */
function clearOutcome(r: PlanRecord): void {
  r.min = null
  r.minSection = null
  r.rankDerived = false
  r.average = null
  r.max = null
  r.outcomeLevel = ''
}

/**
 * A published score and rank that no 一分一段 table of the year can give (ordinary, 区外 or 专科) while the year before's
 * gives exactly that rank for that score: the line is the year before's, filed under this year. A rank inside the
 * score's row of the year before is not enough (a row of 150 candidates catches many ranks), and a pair that no
 * table gives is left alone (a typo says nothing about the year).
 */
export function isOutcomeOfYearBefore(
  r: Pick<PlanRecord, 'min' | 'minSection' | 'rankDerived' | 'province' | 'year' | 'subjectType' | 'level'>,
  lookup: RankLookup,
  outside: boolean,
): boolean {
  if (r.min === null || r.minSection === null || r.rankDerived || !isOrdinarySubject(r.subjectType))
    return false
  const { min, minSection } = r
  const own = [
    lookup(r.province, r.year, r.subjectType, r.level, outside),
    lookup(r.province, r.year, r.subjectType, r.level),
  ].filter((t) => t !== null)
  const before = lookup(r.province, r.year - 1, r.subjectType, r.level, outside)
  return own.length > 0 && before?.rankOf(min) === minSection && !own.some((t) => t.fits(min, minSection))
}

/** The cells of plans.parquet, in SCHEMA.plans column order. */
export function planCells(rows: readonly PlanRow[]): (string | number | boolean | null)[][] {
  return rows.map((r) => [
    r.id,
    r.sid,
    r.school_name,
    r.major_id,
    r.spname,
    r.spcode,
    r.province,
    r.year,
    r.subject_type,
    r.batch_name,
    r.local_batch_name,
    r.plan_type,
    r.sg_name,
    r.sg_infos,
    r.num,
    r.tuition,
    r.length,
    r.min,
    r.min_section,
    r.rank_derived,
    r.average,
    r.max,
    r.outcome_level,
    r.is_dual_class,
    r.provenance,
    r.source,
    r.num_unverified,
    r.local_school_code,
    r.local_spcode,
  ])
}

export interface YearCoverage {
  year: number
  rows: number
  /** provinces with at least one planned number (num >= 0) */
  planProvinces: string[]
  /** provinces with at least one lowest score */
  scoreProvinces: string[]
}

export function coverageByYear(rows: readonly PlanRow[]): YearCoverage[] {
  const by = new Map<number, { rows: number; plan: Set<string>; score: Set<string> }>()
  for (const r of rows) {
    const y = by.get(r.year) ?? { rows: 0, plan: new Set<string>(), score: new Set<string>() }
    by.set(r.year, y)
    y.rows++
    if (r.num >= 0) y.plan.add(r.province)
    if (r.min !== null) y.score.add(r.province)
  }
  const ordered = (s: Set<string>) => PROVINCES.map((p) => p.name).filter((n) => s.has(n))
  return [...by]
    .sort((a, b) => a[0] - b[0])
    .map(([year, y]) => ({
      year,
      rows: y.rows,
      planProvinces: ordered(y.plan),
      scoreProvinces: ordered(y.score),
    }))
}

/** Shares for the summary: rows by outcome level, provenance, derived ranks, by source. */
export function planSummary(rows: readonly PlanRow[]): string[] {
  const n = rows.length
  const pct = (k: number, of = n) => (of === 0 ? '0%' : `${((100 * k) / of).toFixed(1)}%`)
  const level = { major: 0, group: 0, school: 0, '': 0 }
  let real = 0
  let ranked = 0
  let derived = 0
  let planned = 0
  const bySource = new Map<string, number>()
  for (const r of rows) {
    level[r.outcome_level]++
    if (r.provenance === 'real') real++
    if (r.min_section !== null) ranked++
    if (r.rank_derived) derived++
    if (r.num >= 0) planned++
    for (const s of r.source.split('+')) bySource.set(s, (bySource.get(s) ?? 0) + 1)
  }
  const lines = [
    `plans: ${n} rows (outcome by major ${level.major}, by group ${level.group}, by school ${level.school}, plan only ${level['']}); ` +
      `${planned} with a planned number; real ${pct(real)}; ranks on ${pct(ranked)} of rows, ${pct(derived, ranked)} of them derived from the score`,
    `plans sources (rows they contributed to): ${PLAN_SOURCE_ORDER.filter((s) => bySource.has(s))
      .map((s) => `${s} ${bySource.get(s)}`)
      .join(', ')}`,
  ]
  for (const c of coverageByYear(rows)) {
    lines.push(
      `plans ${c.year}: ${c.rows} rows; plan numbers in ${c.planProvinces.length} provinces, scores in ${c.scoreProvinces.length}`,
    )
  }
  return lines
}
