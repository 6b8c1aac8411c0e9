import { type MergedRow, sourcesOf } from './merge.js'
import { groupKey, majorKey } from './normalize.js'
import type { PlanSourceId } from './types.js'

// Rows that repeat another row of the merge under another name or code, each kind its own pass after the merge.

/**
 * GP's 2025 groups (college-groups-2025.json, compiled by a language model) name some majors without their bracket:
 * 华中科技大学 湖北 专业组（05） 临床医学 37 and 29, where gaokao.cn (CG) has 临床医学(八年制) 37 and
 * 临床医学(卓越医师启明实验班) 29. The names differ, so the merge keeps both, and the group shows a 临床医学 that no
 * 志愿表 has, twice the seats. A major row of GP alone whose name is the stem of a CG name of its group, with that
 * row's plan number, where no CG row has the bare name, is such a cut copy: it goes, counted (192 rows in 2025).
 */
export function dropCutCopiesOfCgNames(
  rows: readonly MergedRow[],
  order: readonly PlanSourceId[],
): { rows: MergedRow[]; dropped: number } {
  const groupOf = (m: MergedRow) =>
    `${m.province}|${m.year}|${m.sid}|${m.subjectType}|${m.batchName}|${m.planType}|${groupKey(m.sgCode)}`
  const stem = (name: string) => majorKey(name).replace(/\(.*$/u, '')
  const cg = new Map<string, { names: Set<string>; stems: Set<string> }>()
  for (const m of rows) {
    if (m.kind !== 'major' || !sourcesOf(m, order).includes('CG')) continue
    const g = cg.get(groupOf(m)) ?? { names: new Set(), stems: new Set() }
    g.names.add(majorKey(m.spname))
    if (stem(m.spname) !== majorKey(m.spname)) g.stems.add(`${stem(m.spname)}|${m.num}`)
    cg.set(groupOf(m), g)
  }
  let dropped = 0
  const kept = rows.filter((m) => {
    if (m.kind !== 'major' || sourcesOf(m, order).join('+') !== 'GP') return true
    const g = cg.get(groupOf(m))
    const name = majorKey(m.spname)
    if (!g || g.names.has(name) || !g.stems.has(`${name}|${m.num}`)) return true
    dropped++
    return false
  })
  return { rows: kept, dropped }
}

/**
 * A group filed twice under two codes: every major with the same lowest score under both (LG's 西安邮电大学 江苏 2025
 * 专业组（1）, 16 majors and a line of 597, is JSP's and CG's 专业组（04）; 1 is no code of 江苏's form). The copy with
 * fewer sources behind its rows (the merge's contributors) goes, its line with it (counted). Only groups of two or
 * more majors with outcomes are compared: two groups of one major may share a line by chance.
 */
export function dropCopiedGroups(rows: readonly MergedRow[]): { rows: MergedRow[]; dropped: number } {
  const unitOf = (m: MergedRow) =>
    `${m.province}|${m.year}|${m.sid}|${m.subjectType}|${m.batchName}|${m.planType}`
  const groups = new Map<string, { unit: string; majors: string[]; sources: number }>()
  for (const m of rows) {
    if (m.kind !== 'major' || m.sgCode === null || m.min === null) continue
    const k = `${unitOf(m)}|${groupKey(m.sgCode)}`
    const g = groups.get(k) ?? { unit: unitOf(m), majors: [], sources: 0 }
    g.majors.push(`${majorKey(m.spname)}:${m.min}`)
    g.sources += recordsOf(m.contributors)
    groups.set(k, g)
  }
  const bySignature = new Map<string, { key: string; sources: number }>()
  const copies = new Set<string>()
  for (const [key, g] of [...groups].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    if (g.majors.length < 2) continue
    const signature = `${g.unit}|${g.majors.sort().join(',')}`
    const seen = bySignature.get(signature)
    if (!seen) bySignature.set(signature, { key, sources: g.sources })
    else if (g.sources > seen.sources) {
      copies.add(seen.key)
      bySignature.set(signature, { key, sources: g.sources })
    } else copies.add(key)
  }
  let dropped = 0
  const kept = rows.filter((m) => {
    if (m.sgCode === null || m.kind === 'school') return true
    if (!copies.has(`${unitOf(m)}|${groupKey(m.sgCode)}`)) return true
    dropped++
    return false
  })
  return { rows: kept, dropped }
}

/** How many sources and tiers contributed to a row (the bits of MergedRow.contributors, past 32 bits). */
function recordsOf(contributors: number): number {
  let n = 0
  for (let c = contributors; c > 0; c = Math.floor(c / 2)) n += c % 2
  return n
}

/**
 * GP's groups have no batch (college-groups-2025.json gives a category only), so they are filed under 本科批; a group
 * of another batch is then a second, phantom group of 本科批: 南京大学's 江苏 2025 专业组（06）, 本科提前批 in CG with
 * 11 majors, stood in 本科批 too with the same 11 majors and seats, and a list would have had a family type a
 * 提前批 group into its 本科批 form. GP's rows of a group (its line and its majors) go, counted, where no other
 * source has the group (school, category and code) in GP's batch and another has it in another batch with every
 * major GP names.
 */
export function dropGpGroupsOfAnotherBatch(
  rows: readonly MergedRow[],
  order: readonly PlanSourceId[],
): { rows: MergedRow[]; dropped: number } {
  const codeOf = (m: MergedRow) =>
    `${m.province}|${m.year}|${m.sid}|${m.subjectType}|${m.planType}|${groupKey(m.sgCode)}`
  const gpOnly = (m: MergedRow) => sourcesOf(m, order).join('+') === 'GP'
  // the batches in which other sources have each group, with the majors they name there
  const others = new Map<string, Map<string, Set<string>>>()
  const gp = new Map<string, { code: string; batch: string; majors: Set<string> }>()
  for (const m of rows) {
    if (m.sgCode === null || m.kind === 'school') continue
    const code = codeOf(m)
    if (gpOnly(m)) {
      const g = gp.get(`${code}|${m.batchName}`) ?? { code, batch: m.batchName, majors: new Set<string>() }
      if (m.kind === 'major') g.majors.add(majorKey(m.spname))
      gp.set(`${code}|${m.batchName}`, g)
      continue
    }
    const batches = others.get(code) ?? new Map<string, Set<string>>()
    const names = batches.get(m.batchName) ?? new Set<string>()
    if (m.kind === 'major') names.add(majorKey(m.spname))
    batches.set(m.batchName, names)
    others.set(code, batches)
  }
  const misfiled = new Set<string>()
  for (const [key, g] of gp) {
    const batches = others.get(g.code)
    if (!batches || batches.has(g.batch) || g.majors.size === 0) continue
    const elsewhere = [...batches.values()].some((names) => [...g.majors].every((n) => names.has(n)))
    if (elsewhere) misfiled.add(key)
  }
  let dropped = 0
  const kept = rows.filter((m) => {
    if (m.sgCode === null || m.kind === 'school' || !gpOnly(m)) return true
    if (!misfiled.has(`${codeOf(m)}|${m.batchName}`)) return true
    dropped++
    return false
  })
  return { rows: kept, dropped }
}

/**
 * GP's school lines have no batch either: 香港中文大学（深圳）'s 湖北 2025 line, 621 (rank 7,130), is its 本科提前批
 * 专业组（02）'s line in CG, and a 本科批 list offered the school (as it did 香港科技大学（广州）). A school line only
 * GP has goes, counted, where another source has a line of the same school, province, year, category and lowest
 * score in another batch, and no row of the school in GP's batch.
 */
export function dropGpSchoolLinesOfAnotherBatch(
  rows: readonly MergedRow[],
  order: readonly PlanSourceId[],
): { rows: MergedRow[]; dropped: number } {
  const schoolOf = (m: MergedRow) => `${m.province}|${m.year}|${m.sid}|${m.subjectType}`
  const gpOnly = (m: MergedRow) => sourcesOf(m, order).join('+') === 'GP'
  const inBatch = new Set<string>()
  const linesElsewhere = new Map<string, { batch: string; min: number }[]>()
  for (const m of rows) {
    if (gpOnly(m)) continue
    inBatch.add(`${schoolOf(m)}|${m.batchName}`)
    if (m.min === null) continue
    const list = linesElsewhere.get(schoolOf(m)) ?? []
    list.push({ batch: m.batchName, min: m.min })
    linesElsewhere.set(schoolOf(m), list)
  }
  let dropped = 0
  const kept = rows.filter((m) => {
    if (m.kind !== 'school' || m.min === null || !gpOnly(m)) return true
    if (inBatch.has(`${schoolOf(m)}|${m.batchName}`)) return true
    const other = linesElsewhere.get(schoolOf(m)) ?? []
    if (!other.some((l) => l.batch !== m.batchName && l.min === m.min)) return true
    dropped++
    return false
  })
  return { rows: kept, dropped }
}

/**
 * Schools that admit in 本科提前批 only (北京电子科技学院, 中央司法警官学院, 国际关系学院, 上海纽约大学): GP files their
 * school lines under 本科批 in every province (北京电子科技学院 149 lines), and a 本科批 list offered them, where no
 * other source has a line to match (dropGpSchoolLinesOfAnotherBatch). A GP-only 本科批 school line goes, counted,
 * when the sources that know batches (all but GP and LB's 2016-2020 compilation) have the school, from 2022 on, in
 * 本科提前批 in two provinces or more and in 本科批 nowhere.
 */
export function dropGpSchoolLinesOfEarlyBatchSchools(
  rows: readonly MergedRow[],
  order: readonly PlanSourceId[],
): { rows: MergedRow[]; dropped: number } {
  const knowsBatch = (m: MergedRow) => sourcesOf(m, order).some((s) => s !== 'GP' && s !== 'LB')
  const early = new Map<number, Set<string>>()
  const ordinary = new Set<number>()
  for (const m of rows) {
    if (m.year < 2022 || m.planType !== '普通' || !knowsBatch(m)) continue
    if (m.batchName === '本科批') ordinary.add(m.sid)
    else if (m.batchName === '本科提前批') early.set(m.sid, (early.get(m.sid) ?? new Set()).add(m.province))
  }
  const earlyOnly = (sid: number) => !ordinary.has(sid) && (early.get(sid)?.size ?? 0) >= 2
  let dropped = 0
  const kept = rows.filter((m) => {
    if (m.kind !== 'school' || m.batchName !== '本科批' || sourcesOf(m, order).join('+') !== 'GP') return true
    if (!earlyOnly(m.sid)) return true
    dropped++
    return false
  })
  return { rows: kept, dropped }
}
