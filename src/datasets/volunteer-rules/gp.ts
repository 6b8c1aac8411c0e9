import { existsSync } from 'node:fs'
import { findProvince } from '../../domain/provinces.js'
import { join, readText, relPath } from '../sources/files.js'

/**
 * GP `cli/data/datasets/zhiyuan-rules-2026.json` (hamajun-tao/gaokao-pro): 2026 rules per province, compiled by
 * LLM agents, the lowest-confidence source of RULES.md ("G"). The keys differ by province; a batch is read
 * only when the entry states the unit (院校专业组 → volunteer_type 2; 专业+院校 / 专业+学校 → 3), the number of
 * choices and, for groups, the majors per group. Where `vs_2025` says the 2026 rule continues 2025's
 * (延续, 沿用, 无变, 稳定), the rule is also read for 2025, as derived.
 */
export const GP_REPO = 'hamajun-tao__gaokao-pro'
export const GP_RULES_FILE = 'cli/data/datasets/zhiyuan-rules-2026.json'

/** One rule GP states (or implies for 2025). */
export interface GpRule {
  province: string
  year: number
  batch: string
  local: string
  volunteerType: 2 | 3
  volunteerNumMax: number
  majorNumMax: number
  /** false for the 2025 rows read from a `vs_2025` continuation remark */
  stated: boolean
  note: string
}

export interface GpSkip {
  province: string
  key: string
  reason: string
}

/** GP batch keys → batch_name (and the name GP uses, kept as local_batch_name). */
const BATCH_KEYS: Readonly<Record<string, readonly { batch: string; local: string }[]>> = {
  本科批: [{ batch: '本科批', local: '本科批' }],
  本科批B: [{ batch: '本科批', local: '本科批B段' }],
  本科C段: [{ batch: '本科批', local: '本科批C段' }],
  本科段: [
    { batch: '普通类一段', local: '本科段(一段)' },
    { batch: '普通类二段', local: '本科段(二段)' },
  ],
  常规批: [
    { batch: '普通类一段', local: '常规批' },
    { batch: '普通类二段', local: '常规批' },
  ],
  专科批: [{ batch: '专科批', local: '专科批' }],
  本科提前批: [{ batch: '本科提前批', local: '本科提前批' }],
  提前批: [{ batch: '本科提前批', local: '提前批' }],
  提前批AB: [{ batch: '本科提前批', local: '提前批AB' }],
  提前A段: [{ batch: '本科提前批A段', local: '提前A段' }],
}
const NOT_BATCHES = new Set([
  'province',
  'reform',
  'vs_2025',
  'vs_2024',
  '滑档风险',
  '策略',
  '2026变化',
  '加分',
  '2026时间',
  '其他',
  '提前A',
  '-',
])
const CONTINUES = /延续|沿用|无变|稳定/u

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null)

/** The rule a GP batch value states, or the reason it states none. */
export function readGpBatch(value: unknown): { type: 2 | 3; count: number; majors: number } | string {
  if (!isObj(value)) return 'a bare number or text: no unit or majors per choice'
  // 黑龙江 {普通段: {...}}, 宁夏 {A段, B段, unit, majors}: the ordinary (B) part, with the parent's fields
  let v: Obj = value
  if (isObj(value.普通段)) v = { ...value, ...value.普通段 }
  else if (isObj(value.B段)) v = { ...value, ...value.B段 }
  const unit = typeof v.unit === 'string' ? v.unit : ''
  const type = unit === '院校专业组' ? 2 : /^专业\+(院校|学校)$/u.test(unit) ? 3 : null
  if (type === null) return unit ? `unit '${unit}' not understood` : 'no unit stated'
  const count = num(v.count) ?? num(v.志愿数)
  if (count === null) return 'no number of choices'
  const majors = type === 3 ? 1 : num(v.majors)
  if (majors === null) return 'no majors per group'
  return { type, count, majors }
}

export function gpRules(doc: unknown, sourceFile: string): { rules: GpRule[]; skipped: GpSkip[] } {
  const rules: GpRule[] = []
  const skipped: GpSkip[] = []
  const year = isObj(doc) && isObj(doc.meta) ? num(doc.meta.year) : null
  const entries = isObj(doc) && Array.isArray(doc.provinces) ? doc.provinces : []
  if (year === null) return { rules, skipped }
  for (const e of entries) {
    if (!isObj(e)) continue
    const prov = findProvince(String(e.province ?? ''))
    if (!prov) continue
    const continues = typeof e.vs_2025 === 'string' && CONTINUES.test(e.vs_2025) ? e.vs_2025 : null
    for (const [key, value] of Object.entries(e)) {
      if (NOT_BATCHES.has(key)) continue
      const targets = BATCH_KEYS[key]
      if (!targets) {
        skipped.push({ province: prov.name, key, reason: 'not a batch this reader knows' })
        continue
      }
      const read = readGpBatch(value)
      if (typeof read === 'string') {
        skipped.push({ province: prov.name, key, reason: read })
        continue
      }
      const stated = `${sourceFile} ${prov.name}.${key} = ${JSON.stringify(value)}`
      for (const t of targets) {
        const base = {
          province: prov.name,
          batch: t.batch,
          local: t.local,
          volunteerType: read.type,
          volunteerNumMax: read.count,
          majorNumMax: read.majors,
        }
        rules.push({ ...base, year, stated: true, note: `G (lowest confidence): ${stated}` })
        if (continues) {
          rules.push({
            ...base,
            year: year - 1,
            stated: false,
            note: `G (lowest confidence): ${stated}; ${year - 1} from vs_2025 "${continues}"`,
          })
        }
      }
    }
  }
  return { rules, skipped }
}

/** G's rules; `missing` names the file when the sources directory lacks it (the table would lose G's rows). */
export async function loadGpRules(
  from: string,
): Promise<{ rules: GpRule[]; skipped: GpSkip[]; missing?: string }> {
  const path = join(from, GP_REPO, GP_RULES_FILE)
  if (!existsSync(path)) return { rules: [], skipped: [], missing: `${GP_REPO}/${GP_RULES_FILE}` }
  return gpRules(JSON.parse(await readText(path)), relPath(from, path))
}
