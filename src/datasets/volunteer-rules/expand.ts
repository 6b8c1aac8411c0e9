import { examModeIn, findProvince, PROVINCES, subjectsTypeOf } from '../../domain/provinces.js'
import type { GpRule } from './gp.js'
import type { RulesRow, VolunteerRule } from './types.js'

/**
 * From the RULES.md transcription and GP's 2026 rules to one rule per (province, year, batch_name), in this
 * order of evidence (README.md):
 * 1. RULES rows, for the years they state (a range they call "same" included): provenance 'real';
 * 2. G's 2026 rules where RULES has none for the key: 'real', lowest confidence;
 * 3. a year between two years for which RULES states the same rule of the batch (and the same exam mode):
 *    'derived', the note says between which years;
 * 4. G's 2025 rules where its `vs_2025` remark says 2026 continues 2025: 'derived'.
 * A key a RULES row marks `?` is never filled. Where G disagrees with RULES, RULES wins and the note says
 * what G says.
 */

export const subjectsTypeOfMode = (mode: string): 1 | 2 | 3 | null =>
  /^3\+3/u.test(mode) ? 3 : /^3\+1\+2/u.test(mode) ? 2 : /^文理/u.test(mode) ? 1 : null

export interface RulesConflict {
  province: string
  year: number
  batch_name: string
  kept: string
  other: string
}

export interface ExpandResult {
  rules: VolunteerRule[]
  conflicts: RulesConflict[]
  /** keys RULES marks `?`, with the reason: no row */
  unknown: { province: string; year: number; batch_name: string; why: string }[]
  /** G rules not used because RULES marks the key `?` */
  blockedG: { province: string; year: number; batch_name: string; g: string }[]
  problems: string[]
}

const key = (province: string, year: number, batch: string) => `${province}|${year}|${batch}`
const shape = (r: Pick<VolunteerRule, 'volunteerType' | 'volunteerNumMax' | 'majorNumMax'>) =>
  `type ${r.volunteerType}, ${r.volunteerNumMax} choices × ${r.majorNumMax} majors`

const BATCH_ORDER = [
  '本科提前批',
  '本科批',
  '本科一批',
  '本科二批',
  '本科一段',
  '普通类一段',
  '普通类二段',
  '专科批',
]
const batchRank = (b: string) => {
  const i = BATCH_ORDER.indexOf(b)
  if (i >= 0) return i * 2
  const j = BATCH_ORDER.findIndex((x) => b.startsWith(x))
  return j >= 0 ? j * 2 + 1 : 99
}
const provinceIndex = new Map(PROVINCES.map((p, i) => [p.name, i]))

export function compareRules(a: VolunteerRule, b: VolunteerRule): number {
  return (
    (provinceIndex.get(a.province) ?? 99) - (provinceIndex.get(b.province) ?? 99) ||
    a.year - b.year ||
    batchRank(a.batchName) - batchRank(b.batchName) ||
    (a.batchName < b.batchName ? -1 : a.batchName > b.batchName ? 1 : 0)
  )
}

const subjectsTypeIn = (province: string, year: number): 1 | 2 | 3 => {
  const p = findProvince(province)
  return p ? subjectsTypeOf(examModeIn(p, year)) : 1
}

export function expandRules(rows: readonly RulesRow[], gp: readonly GpRule[]): ExpandResult {
  const out = new Map<string, VolunteerRule>()
  const blocked = new Map<string, string>()
  const conflicts: RulesConflict[] = []
  const unknown: ExpandResult['unknown'] = []
  const blockedG: ExpandResult['blockedG'] = []
  const problems: string[] = []

  // 1. RULES rows.
  for (const row of rows) {
    const [provCell, yearCell, modeCell, batchCell, , , , fullCell, sourceCell, , notesCell] = row.cells
    const prov = findProvince(provCell)
    if (!prov) {
      problems.push(`RULES row ${provCell} | ${yearCell}: unknown province`)
      continue
    }
    const subjectsType = subjectsTypeOfMode(modeCell)
    const scoreMax = Number.parseInt(fullCell, 10)
    for (const e of row.batches) {
      if (e.unknown !== undefined) {
        for (const y of e.years) {
          blocked.set(key(prov.name, y, e.batch), e.unknown)
          unknown.push({ province: prov.name, year: y, batch_name: e.batch, why: `RULES: ${e.unknown}` })
        }
        continue
      }
      if (subjectsType === null || !e.volunteerType || !e.volunteerNumMax || !e.majorNumMax) {
        problems.push(`RULES row ${provCell} | ${yearCell} | ${batchCell}: incomplete reading`)
        continue
      }
      const notes = notesCell && notesCell !== '—' ? `; RULES notes: ${notesCell}` : ''
      for (const year of e.years) {
        const rule: VolunteerRule = {
          province: prov.name,
          year,
          batchName: e.batch,
          localBatchName: e.local,
          subjectsType,
          scoreMax,
          volunteerType: e.volunteerType,
          volunteerNumMax: e.volunteerNumMax,
          majorNumMax: e.majorNumMax,
          provenance: 'real',
          source: sourceCell,
          note: `RULES.md row "${provCell} | ${yearCell} | ${batchCell}"${e.note ? ` (${e.note})` : ''}${notes}`,
        }
        const k = key(prov.name, year, e.batch)
        const prev = out.get(k)
        if (prev && shape(prev) !== shape(rule)) {
          problems.push(`RULES rows disagree on ${k}: ${shape(prev)} vs ${shape(rule)}`)
        } else if (!prev) out.set(k, rule)
      }
    }
  }
  const fromRules = new Set(out.keys())

  const fromG = (g: GpRule): VolunteerRule => ({
    province: g.province,
    year: g.year,
    batchName: g.batch,
    localBatchName: g.local,
    subjectsType: subjectsTypeIn(g.province, g.year),
    scoreMax: findProvince(g.province)?.fullScore ?? 750,
    volunteerType: g.volunteerType,
    volunteerNumMax: g.volunteerNumMax,
    majorNumMax: g.majorNumMax,
    provenance: g.stated ? 'real' : 'derived',
    source: 'G',
    note: g.note,
  })
  /** G beside a rule already kept: a conflict note when it disagrees. */
  const compareG = (kept: VolunteerRule, g: GpRule) => {
    const other = fromG(g)
    if (shape(other) === shape(kept)) return
    const what = `G says ${shape(other)}${g.stated ? '' : ` (for ${g.year}, from its vs_2025 remark)`}`
    kept.note += `; ${what}`
    conflicts.push({
      province: kept.province,
      year: kept.year,
      batch_name: kept.batchName,
      kept: `${kept.source}: ${shape(kept)}`,
      other: what,
    })
  }
  const useG = (g: GpRule) => {
    const k = key(g.province, g.year, g.batch)
    const kept = out.get(k)
    if (kept) return compareG(kept, g)
    if (blocked.has(k)) {
      blockedG.push({ province: g.province, year: g.year, batch_name: g.batch, g: shape(fromG(g)) })
      return
    }
    out.set(k, fromG(g))
  }

  // 2. G's stated (2026) rules.
  for (const g of gp.filter((x) => x.stated)) useG(g)

  // 3. Years between two RULES years with the same rule.
  const byBatch = new Map<string, VolunteerRule[]>()
  for (const k of fromRules) {
    const r = out.get(k) as VolunteerRule
    const bk = `${r.province}|${r.batchName}`
    byBatch.set(bk, [...(byBatch.get(bk) ?? []), r])
  }
  for (const list of byBatch.values()) {
    list.sort((a, b) => a.year - b.year)
    for (let i = 0; i + 1 < list.length; i++) {
      const a = list[i] as VolunteerRule
      const b = list[i + 1] as VolunteerRule
      if (b.year - a.year < 2 || shape(a) !== shape(b) || a.subjectsType !== b.subjectsType) continue
      for (let y = a.year + 1; y < b.year; y++) {
        const k = key(a.province, y, a.batchName)
        if (out.has(k) || blocked.has(k) || subjectsTypeIn(a.province, y) !== a.subjectsType) continue
        out.set(k, {
          ...a,
          year: y,
          provenance: 'derived',
          note: `${y} lies between ${a.year} and ${b.year}, for which RULES states the same rule; ${a.note}`,
        })
      }
    }
  }

  // 4. G's 2025 rules read from its continuation remark.
  for (const g of gp.filter((x) => !x.stated)) useG(g)

  const rules = [...out.values()].sort(compareRules)
  return { rules, conflicts, unknown, blockedG, problems }
}

/** Checks of the volunteer_rules rows (a table with a violation is refused). */
export function checkVolunteerRules(rules: readonly VolunteerRule[]): string[] {
  const out: string[] = []
  const keys = new Set<string>()
  rules.forEach((r, i) => {
    const at = `row ${i + 1} (${r.province} ${r.year} ${r.batchName})`
    const k = key(r.province, r.year, r.batchName)
    if (keys.has(k)) out.push(`${at}: duplicate key`)
    keys.add(k)
    const prov = findProvince(r.province)
    if (!prov || prov.name !== r.province) {
      out.push(`${at}: unknown province`)
      return
    }
    if (!Number.isInteger(r.year) || r.year < 2014 || r.year > 2026)
      out.push(`${at}: year outside 2014..2026`)
    if (![1, 2, 3].includes(r.subjectsType)) out.push(`${at}: subjects_type ${r.subjectsType}`)
    else if (r.subjectsType !== subjectsTypeIn(r.province, r.year)) {
      out.push(
        `${at}: subjects_type ${r.subjectsType} but the exam mode that year is ${examModeIn(prov, r.year)}`,
      )
    }
    if (r.scoreMax !== prov.fullScore)
      out.push(`${at}: score_max ${r.scoreMax}, province full score ${prov.fullScore}`)
    if (![1, 2, 3].includes(r.volunteerType)) out.push(`${at}: volunteer_type ${r.volunteerType}`)
    if (!Number.isInteger(r.volunteerNumMax) || r.volunteerNumMax <= 0) out.push(`${at}: volunteer_num_max`)
    if (!Number.isInteger(r.majorNumMax) || r.majorNumMax <= 0) out.push(`${at}: major_num_max`)
    if (r.volunteerType === 3 && r.majorNumMax !== 1)
      out.push(`${at}: one major per choice expected (type 3)`)
    if (r.batchName.trim() === '' || r.localBatchName.trim() === '') out.push(`${at}: empty batch name`)
    if (r.source.trim() === '') out.push(`${at}: no source`)
  })
  return out
}
