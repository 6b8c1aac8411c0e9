import type { FxMajor, LxMajor, TkMajor } from './sources.js'
import type { MajorLevel, MajorRow } from './types.js'

/**
 * The majors table: one row per (level, catalogue code). 本科 merges LX (2026 catalogue), TK (gaokao.cn) and
 * FX (阳光高考) on the code without its T/K suffix; 本科(职业教育) and 专科 come from FX alone. Rules in
 * ../schools/README.md ("majors").
 */

export interface MajorInputs {
  fx: readonly FxMajor[]
  lx: readonly LxMajor[]
  tk: readonly TkMajor[]
  /** TK special_info.json: 专业类 names by 4-digit code (本科 and 专科), or an empty map */
  tkTree: ReadonlyMap<string, string>
}

export interface MajorMergeReport {
  /** FX codes the 2026 catalogue renumbered (same name, new code): merged into the LX row */
  renumbered: { name: string; from: string; to: string }[]
  /** 本科 rows by the sources that hold them, e.g. {'LX,TK,FX': 770} */
  bySources: Record<string, number>
  /** where sources disagree on a label (first source kept) */
  disagreements: { code: string; field: string; values: string[] }[]
}

/** major_id bases for majors gaokao.cn (TK) does not number; TK special_ids are below 100000. */
export const MAJOR_ID_BASE: Record<MajorLevel, number> = {
  本科: 1_000_000,
  '本科(职业教育)': 2_000_000,
  专科: 3_000_000,
}

/** The catalogue code without its T (特设) / K (国家控制布点) suffix: 020109T → 020109. */
export const bareCode = (code: string): string =>
  code
    .normalize('NFKC')
    .trim()
    .toUpperCase()
    .replace(/[TK]+$/u, '')

/** major_id of a major gaokao.cn does not number: the level's base + the bare code read as a number. */
export function fallbackMajorId(level: MajorLevel, code: string): number {
  return MAJOR_ID_BASE[level] + Number(bareCode(code))
}

/** TK 修业年限: 四年, 五年, 四年，五年 → 四年,五年 (shortest first). */
export function normalizeLength(v: string | null): string | null {
  if (!v) return null
  const order = ['二年', '两年', '三年', '四年', '五年', '六年', '七年', '八年']
  const parts = [...new Set(v.split(/[，,、/或]/u).map((p) => p.trim()))].filter((p) => p)
  parts.sort((a, b) => order.indexOf(a) - order.indexOf(b))
  return parts.join(',') || null
}

/** LX note （注：可授工学或理学学士学位） / （注：授予理学学士学位） → 工学学士,理学学士 / 理学学士. */
export function degreeFromNote(note: string | null): string | null {
  if (!note) return null
  const m = /授(?:予)?(.+?)学士学位/u.exec(note.normalize('NFKC'))
  if (!m?.[1]) return null
  const kinds = m[1].split(/或|、|,/u).map((k) => k.trim())
  return kinds.map((k) => `${k}学士`).join(',')
}

/** LX tags the 交叉学科 (14) majors 设计学类, which is wrong (INVENTORY); no source names their class. */
const CROSS_DISCIPLINE = '交叉学科'

export function mergeMajors(inputs: MajorInputs): { rows: MajorRow[]; report: MajorMergeReport } {
  const report: MajorMergeReport = { renumbered: [], bySources: {}, disagreements: [] }
  const rows: MajorRow[] = []

  // 本科: LX, TK and FX by bare code. A TK or FX code the 2026 catalogue (LX) renumbered (same name, other code)
  // is merged into the LX row and kept as a former code.
  const lxBy = new Map(inputs.lx.map((l) => [bareCode(l.code), l]))
  const lxByName = new Map(inputs.lx.map((l) => [l.name, bareCode(l.code)]))
  const tkBy = new Map<string, TkMajor>()
  const fxFor = new Map<string, FxMajor>()
  const formerCodes = new Map<string, string[]>()
  const codes = new Set<string>(lxBy.keys())
  const place = <T extends { code: string; name: string }>(item: T, into: Map<string, T>) => {
    const own = bareCode(item.code)
    const renamed = lxBy.has(own) ? undefined : lxByName.get(item.name)
    const key = renamed && !into.has(renamed) ? renamed : own
    if (into.has(key)) return
    into.set(key, item)
    codes.add(key)
    if (key !== own) {
      const list = formerCodes.get(key) ?? []
      if (!list.includes(item.code)) list.push(item.code)
      formerCodes.set(key, list)
      if (!report.renumbered.some((r) => r.from === item.code))
        report.renumbered.push({ name: item.name, from: item.code, to: lxBy.get(key)?.code ?? key })
    }
  }
  for (const t of [...inputs.tk].sort((a, b) => cmp(a.code, b.code))) place(t, tkBy)
  for (const f of inputs.fx.filter((x) => x.level === '本科').sort((a, b) => cmp(a.code, b.code)))
    place(f, fxFor)
  for (const key of [...codes].sort()) {
    const l = lxBy.get(key)
    const t = tkBy.get(key)
    const f = fxFor.get(key)
    const sources = [l && 'LX', t && 'TK', f && 'FX'].filter((s): s is string => !!s)
    report.bySources[sources.join(',')] = (report.bySources[sources.join(',')] ?? 0) + 1
    const code = l?.code ?? t?.code ?? f?.code ?? key
    const name = l?.name ?? t?.name ?? f?.name ?? ''
    const cross = code.startsWith('14')
    const category = l?.category || t?.category || f?.category || ''
    const tree = inputs.tkTree.get(key.slice(0, 4))
    const className = cross ? CROSS_DISCIPLINE : t?.className || tree || l?.subCategory || f?.className || ''
    disagree(key, 'name', [l?.name, t?.name, f?.name])
    disagree(key, 'category', [l?.category, t?.category, cross ? undefined : f?.category])
    if (!cross) disagree(key, 'class_name', [t?.className, tree, l?.subCategory, f?.className])
    const row: MajorRow = {
      major_id: t ? t.specialId : fallbackMajorId('本科', code),
      code,
      name,
      category,
      class_name: className,
      level: '本科',
      length: normalizeLength(t?.length ?? null),
      degree: t?.degree ?? degreeFromNote(l?.notes ?? null),
      salary: t?.salary ?? null,
      salary_5y: t?.salary5y ?? null,
      rating: f?.rating ?? null,
      ranking: null,
      hot_num: t?.views ?? null,
      provenance: 'real',
      source: sources.join(','),
    }
    const former = formerCodes.get(key)
    if (former) row.former_codes = former
    rows.push(row)
  }

  // 本科(职业教育) and 专科: FX only.
  for (const level of ['本科(职业教育)', '专科'] as const) {
    const list = inputs.fx.filter((f) => f.level === level).sort((a, b) => cmp(a.code, b.code))
    for (const f of list) {
      // 专科: gaokao.cn's tree names the class of each 4-digit code; FX labels some classes with the name of
      // the next one (4102 林业类 as 畜牧业类).
      const tree = level === '专科' ? inputs.tkTree.get(f.code.slice(0, 4)) : undefined
      disagree(`${level} ${f.code}`, 'class_name', [tree, f.className])
      rows.push({
        major_id: fallbackMajorId(level, f.code),
        code: f.code,
        name: f.name,
        category: f.category,
        class_name: tree || f.className,
        level,
        length: null,
        degree: null,
        salary: null,
        salary_5y: null,
        rating: f.rating,
        ranking: null,
        hot_num: null,
        provenance: 'real',
        source: 'FX',
      })
    }
  }
  return { rows, report }

  function disagree(code: string, field: string, values: (string | undefined)[]) {
    const present = [...new Set(values.filter((v): v is string => !!v))]
    if (present.length > 1) report.disagreements.push({ code, field, values: present })
  }
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
