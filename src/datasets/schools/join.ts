import { findProvince } from '../../domain/provinces.js'
import { deriveHot } from './hot.js'
import { createSchoolMatcher } from './match.js'
import { cleanSchoolName, levelName, lxNature, normalizeSchoolName } from './normalize.js'
import type { GpSchool, LxCollege, QiangjiMention } from './sources.js'
import type { SchoolRow } from './types.js'

/**
 * The school list: the MOE 2025 list (LX) joined with gaokao.cn's school index (GP), enriched with the 双一流
 * list (MC) and GP's 强基计划 files. Rules in README.md; every decision is listed in the report.
 */

export interface SchoolInputs {
  gp: readonly GpSchool[]
  lx: readonly LxCollege[]
  /** MC dfc2022 school names (第二轮双一流), or [] */
  dualClass: readonly string[]
  /** GP 强基计划 mentions, or [] */
  qiangji: readonly QiangjiMention[]
}

export interface JoinedSchool {
  row: SchoolRow
  gp: GpSchool | null
  lx: LxCollege | null
}

export interface SchoolJoinReport {
  /** LX ↔ GP pairs joined on the normalized name */
  joinedByName: number
  /** LX ↔ GP pairs joined on the code (same 院校代码, same province): renamed schools */
  joinedByCode: { moeName: string; gpName: string; code: string }[]
  /** GP entries folded into another school (former or merged school with its code, or a programme) */
  folded: { gpId: number; gpName: string; into: string; reason: string }[]
  /** GP entries not shipped, with the reason */
  excluded: { gpId: number; gpName: string; reason: string }[]
  /** GP entries shipped that are not on the MOE 2025 list */
  gpOnly: number
  /** MOE schools that gaokao.cn does not list */
  lxOnly: string[]
  /** Joined rows whose GP 5-digit code differs from the MOE code (MOE kept) */
  codeConflicts: { name: string; moe: string; gp: string }[]
  /** Joined rows whose level differs (GP, newer, kept) */
  levelConflicts: { name: string; moe: string; gp: string }[]
  /** MC 双一流 names that matched no school */
  dualClassUnmatched: string[]
  /** Schools flagged 双一流 by MC but not by GP (flag set) */
  dualClassFromMc: string[]
  /** 强基 mentions that matched no school, or a school that is not 985 (flag not set) */
  qiangjiRejected: { name: string; reason: string }[]
}

/** The first sid given to a school without a gaokao.cn id; gaokao.cn ids are below it. */
export const SID_BASE = 100000

const PLACEHOLDER_CODES = new Set(['99999', '00000', '0', ''])
const isNationalCode = (c: string) => /^\d{5}$/u.test(c) && !PLACEHOLDER_CODES.has(c)
const moeShort = (moeCode: string) => moeCode.slice(-5)
/** A programme annotation: the entry is a programme of the school named before it, not a school */
const PROGRAMME = /\((中外合作办学项目|中外合作办学|中外合作项目)\)$/u

/** Why a GP entry is not a school of the list, or null when it may be. */
function gpExclusion(g: GpSchool): string | null {
  if (levelName(g.level) === null)
    return 'no level: a gaokao.cn account of a department, office or programme, not a school'
  if (!findProvince(g.province)) return `outside the 31 mainland provinces (${g.province})`
  if (/停用/u.test(g.name)) return 'marked 停用 (disused) by gaokao.cn'
  return null
}

export function joinSchools(inputs: SchoolInputs): { rows: SchoolRow[]; report: SchoolJoinReport } {
  const report: SchoolJoinReport = {
    joinedByName: 0,
    joinedByCode: [],
    folded: [],
    excluded: [],
    gpOnly: 0,
    lxOnly: [],
    codeConflicts: [],
    levelConflicts: [],
    dualClassUnmatched: [],
    dualClassFromMc: [],
    qiangjiRejected: [],
  }
  const gpSorted = [...inputs.gp].sort((a, b) => a.id - b.id)
  const lxSorted = [...inputs.lx].sort((a, b) => (a.moeCode < b.moeCode ? -1 : a.moeCode > b.moeCode ? 1 : 0))

  // 1. GP entries that may be schools; the rest is excluded with its reason.
  const gpUsable: GpSchool[] = []
  for (const g of gpSorted) {
    const why = gpExclusion(g)
    if (why) report.excluded.push({ gpId: g.id, gpName: cleanSchoolName(g.name), reason: why })
    else gpUsable.push(g)
  }
  const gpByName = new Map<string, GpSchool>()
  for (const g of gpUsable) {
    const k = normalizeSchoolName(g.name)
    if (!gpByName.has(k)) gpByName.set(k, g)
  }

  // 2. LX ↔ GP: on the normalized name, then on the code within the same province (renamed schools).
  const taken = new Set<number>()
  const pair = new Map<string, GpSchool>()
  for (const l of lxSorted) {
    const g = gpByName.get(normalizeSchoolName(l.name))
    if (g && !taken.has(g.id)) {
      pair.set(l.moeCode, g)
      taken.add(g.id)
      report.joinedByName++
    }
  }
  for (const l of lxSorted) {
    if (pair.has(l.moeCode)) continue
    const code = moeShort(l.moeCode)
    const candidates = gpUsable.filter(
      (g) => !taken.has(g.id) && g.zsCode === code && g.province === l.province,
    )
    if (candidates.length !== 1) continue
    const g = candidates[0] as GpSchool
    pair.set(l.moeCode, g)
    taken.add(g.id)
    report.joinedByCode.push({ moeName: l.name, gpName: cleanSchoolName(g.name), code })
  }

  // 3. Joined and LX-only schools.
  const joined: JoinedSchool[] = []
  const byMoeShort = new Map<string, JoinedSchool>()
  for (const l of lxSorted) {
    const g = pair.get(l.moeCode) ?? null
    const j: JoinedSchool = { row: baseRow(g, l), gp: g, lx: l }
    if (g) {
      if (normalizeSchoolName(g.name) !== normalizeSchoolName(l.name))
        j.row.aliases = [cleanSchoolName(l.name)]
      if (isNationalCode(g.zsCode) && g.zsCode !== moeShort(l.moeCode))
        report.codeConflicts.push({ name: j.row.name, moe: moeShort(l.moeCode), gp: g.zsCode })
      const gl = levelName(g.level)
      const ll = levelName(l.level)
      if (gl && ll && gl !== ll) report.levelConflicts.push({ name: j.row.name, moe: ll, gp: gl })
    } else report.lxOnly.push(l.name)
    joined.push(j)
    byMoeShort.set(moeShort(l.moeCode), j)
  }

  // 4. GP entries not on the MOE list: folded into a school, shipped as a school of their own, or excluded.
  const names = new Map<string, JoinedSchool>()
  for (const j of joined) names.set(normalizeSchoolName(j.row.name), j)
  const gpCodeCount = new Map<string, number>()
  for (const g of gpUsable) gpCodeCount.set(g.zsCode, (gpCodeCount.get(g.zsCode) ?? 0) + 1)
  /** A GP code that is a national code no other entry or MOE school holds */
  const ownCode = (g: GpSchool) =>
    isNationalCode(g.zsCode) && gpCodeCount.get(g.zsCode) === 1 && !byMoeShort.has(g.zsCode)
  for (const g of gpUsable) {
    if (taken.has(g.id)) continue
    const gName = cleanSchoolName(g.name)
    const n = normalizeSchoolName(g.name)
    const programmeOf = PROGRAMME.test(n) ? names.get(n.replace(PROGRAMME, '')) : undefined
    if (programmeOf) {
      fold(programmeOf, gName)
      report.folded.push({
        gpId: g.id,
        gpName: gName,
        into: programmeOf.row.name,
        reason: 'a programme of the school',
      })
      continue
    }
    const sameCode = isNationalCode(g.zsCode) ? byMoeShort.get(g.zsCode) : undefined
    if (sameCode?.lx && sameCode.row.province === g.province && !isCampusOf(n, sameCode)) {
      fold(sameCode, gName)
      report.folded.push({
        gpId: g.id,
        gpName: gName,
        into: sameCode.row.name,
        reason: `same 院校代码 ${g.zsCode} and province as the MOE school: former or merged name`,
      })
      continue
    }
    if (names.has(n)) {
      report.excluded.push({ gpId: g.id, gpName: gName, reason: 'duplicate name' })
      continue
    }
    if (g.minScores.length === 0 && !ownCode(g)) {
      report.excluded.push({
        gpId: g.id,
        gpName: gName,
        reason:
          'not on the MOE list, no 院校代码 and no admission scores: a former name, sub-unit or programme',
      })
      continue
    }
    const j: JoinedSchool = { row: baseRow(g, null), gp: g, lx: null }
    joined.push(j)
    names.set(n, j)
    report.gpOnly++
  }

  // 5. Ids and codes.
  assignIds(joined, ownCode)

  // 6. Flags from MC (双一流) and GP's 强基计划 files.
  const rows = joined.map((j) => j.row)
  const match = createSchoolMatcher(rows)
  const bySid = new Map(joined.map((j) => [j.row.sid, j]))
  for (const name of [...inputs.dualClass].sort()) {
    const sid = match(name)
    const j = sid === undefined ? undefined : bySid.get(sid)
    if (!j) {
      report.dualClassUnmatched.push(name)
      continue
    }
    if (!j.row.source.includes('MC')) j.row.source = `${j.row.source},MC`
    if (j.row.dual_class === 0) {
      j.row.dual_class = 1
      report.dualClassFromMc.push(j.row.name)
    }
  }
  const qiangji = new Set<number>()
  for (const m of inputs.qiangji) {
    const sid = match(m.name)
    const j = sid === undefined ? undefined : bySid.get(sid)
    if (!j) report.qiangjiRejected.push({ name: m.name, reason: `no school of that name (${m.file})` })
    else if (j.row.f985 !== 985)
      report.qiangjiRejected.push({
        name: m.name,
        reason: `not a 985 school, while the source says every 强基 school is (${m.file})`,
      })
    else qiangji.add(j.row.sid)
  }
  for (const sid of qiangji) {
    const j = bySid.get(sid) as JoinedSchool
    j.row.qjjh = 1
  }
  report.qiangjiRejected = dedupeBy(report.qiangjiRejected, (r) => `${r.name}|${r.reason}`)

  // 7. hot (derived), then the final order: by sid.
  const hot = deriveHot(joined)
  for (const j of joined) j.row.hot = hot.get(j.row.sid) ?? rows.length
  rows.sort((a, b) => a.sid - b.sid)
  return { rows, report }

  function fold(into: JoinedSchool, alias: string) {
    const aliases = [...(into.row.aliases ?? [])]
    if (!aliases.includes(alias)) aliases.push(alias)
    into.row.aliases = aliases
  }
}

/** A GP entry whose name begins with the school's name is a campus or college of it (山东大学（威海）). */
function isCampusOf(n: string, j: JoinedSchool): boolean {
  const bases = [j.row.name, j.lx?.name ?? '', j.gp?.name ?? ''].map(normalizeSchoolName).filter((b) => b)
  return bases.some((b) => n !== b && n.startsWith(b))
}

function dedupeBy<T>(list: T[], key: (t: T) => string): T[] {
  const seen = new Set<string>()
  return list.filter((t) => {
    const k = key(t)
    if (seen.has(k)) return false
    seen.add(k)
    return true
  })
}

/** A row from its GP entry (current name, level, type: gaokao.cn is newer) and MOE entry (code, fallbacks). */
function baseRow(g: GpSchool | null, l: LxCollege | null): SchoolRow {
  const province = findProvince(g?.province ?? '')?.name ?? findProvince(l?.province ?? '')?.name ?? ''
  const level = levelName(g?.level) ?? levelName(l?.level) ?? '普通本科'
  return {
    sid: 0,
    code: '',
    moe_code: l?.moeCode ?? null,
    name: cleanSchoolName(g?.name ?? l?.name ?? ''),
    province,
    city: g?.city ?? l?.city ?? null,
    level_name: level,
    type_name: g?.type ?? null,
    nature_name: g?.nature ?? lxNature(l?.nature) ?? null,
    belong: g?.belong ?? l?.affiliation ?? null,
    f985: g?.f985 ? 985 : 0,
    f211: g?.f211 ? 211 : 0,
    dual_class: g?.dualClass ? 1 : 0,
    logo: g ? `${g.id}.jpg` : '',
    hot: 0,
    zybw: 0,
    qjjh: 0,
    sgjh: 0,
    provenance: 'real',
    source: g && l ? 'GP,LX' : g ? 'GP' : 'LX',
  }
}

/**
 * sid: the gaokao.cn id, else SID_BASE + n in MOE-code order. code: the MOE school's 5-digit 院校代码 (last five
 * digits of its 学校标识码); the whole 10-digit code when those five begin with 0 (a number that could read as
 * another school's sid); for a GP-only school its own 5-digit code when no other school holds it; else
 * `gk<gaokao.cn id>`.
 */
function assignIds(joined: JoinedSchool[], ownCode: (g: GpSchool) => boolean): void {
  let next = SID_BASE
  const byMoe = joined.filter((j) => !j.gp).sort((a, b) => cmp(a.lx?.moeCode ?? '', b.lx?.moeCode ?? ''))
  for (const j of byMoe) j.row.sid = next++
  for (const j of joined) if (j.gp) j.row.sid = j.gp.id

  const used = new Set<string>()
  for (const j of joined) {
    if (!j.lx) continue
    const short = moeShort(j.lx.moeCode)
    j.row.code = short.startsWith('0') ? j.lx.moeCode : short
    used.add(j.row.code)
  }
  for (const j of joined) {
    if (j.lx || !j.gp) continue
    j.row.code = ownCode(j.gp) && !used.has(j.gp.zsCode) ? j.gp.zsCode : `gk${j.gp.id}`
    used.add(j.row.code)
  }
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
