import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { findProvince, type Province } from '../../domain/provinces.js'
import { normalizeKm } from '../normalize.js'
import { csvRecords, intCell, join, listDir, pushTo, readText, relPath } from '../sources/files.js'
import { lgReleaseDir } from '../sources/lg.js'
import { readXlsx, type SheetRow } from '../sources/xlsx.js'
import { type Classified, classifyLine, cleanText, lineName, type RawLine, specialName } from './classify.js'
import type { LineAdapterResult, LineCandidate, LineKind, LineSource } from './types.js'

/**
 * The control-line adapters, one per source (see README.md for what each reads and drops). Each returns
 * candidate lines, already classified (kind, category, name), and the lines it drops with the reason.
 */

interface Emit {
  province: string
  year: number
  category: string
  batch: string
  hint?: string
  kind?: RawLine['kind']
  canonicalName?: string
  score: unknown
  majorScore?: unknown
  count?: unknown
  label: string
}

/** Collects the candidates and exclusions of one source file. */
class Collector {
  readonly result: LineAdapterResult = { candidates: [], excluded: [] }
  constructor(
    private readonly source: LineSource,
    private readonly sourceFile: string,
    private readonly thirdParty = false,
  ) {}

  exclude(province: string, year: number, label: string, reason: string): void {
    this.result.excluded.push({
      province,
      year,
      source: this.source,
      sourceFile: this.sourceFile,
      label,
      reason,
    })
  }

  /** Classifies one line; returns the candidate, or null when it was excluded. */
  add(e: Emit): LineCandidate | null {
    const prov = findProvince(e.province)
    if (!prov) {
      this.exclude(e.province, e.year, e.label, `unknown province '${e.province}'`)
      return null
    }
    if (!Number.isInteger(e.year) || e.year < 2000) {
      this.exclude(prov.name, e.year, e.label, `bad year '${e.year}'`)
      return null
    }
    const score = intCell(e.score)
    if (!(score > 0)) {
      this.exclude(prov.name, e.year, e.label, `score '${String(e.score)}' is not a positive whole number`)
      return null
    }
    const c: Classified = classifyLine({
      province: prov,
      year: e.year,
      category: e.category,
      batch: e.batch,
      hint: e.hint,
      kind: e.kind,
      canonicalName: e.canonicalName,
    })
    if (!c.ok) {
      this.exclude(prov.name, e.year, e.label, c.reason)
      return null
    }
    const ms = e.majorScore === undefined || e.majorScore === null ? Number.NaN : intCell(e.majorScore)
    const count = e.count === undefined || e.count === null ? Number.NaN : intCell(e.count)
    const cand: LineCandidate = {
      province: prov.name,
      year: e.year,
      typeName: c.typeName,
      name: c.name,
      score,
      majorScore: ms > 0 ? ms : null,
      kind: c.kind,
      canonical: c.canonical,
      source: this.source,
      thirdParty: this.thirdParty,
      sourceFile: this.sourceFile,
      label: e.label,
    }
    if (count >= 0) cand.count = count
    this.result.candidates.push(cand)
    return cand
  }
}

function merge(into: LineAdapterResult, r: LineAdapterResult): void {
  into.candidates.push(...r.candidates)
  into.excluded.push(...r.excluded)
}

// ---------------------------------------------------------------- LU

export const LU_REPO = 'luanche__gaokao-data'
export const LU_FILE = 'json_data/province_control_lines.json'

/**
 * LU `json_data/province_control_lines.json`: one array in two schemas, {省份, 年份, 批次, 类别, 分数线}
 * (A, 2022-2024) and {地区, 年份, 考生类别, 批次, 分数线} (B, 2014-2023). Both are read; identical lines
 * of the two schemas merge, different scores under one name are dropped as ambiguous (resolve.ts).
 */
export function luLines(rows: readonly Record<string, unknown>[], sourceFile: string): LineAdapterResult {
  const col = new Collector('LU', sourceFile)
  for (const r of rows) {
    const schemaA = '省份' in r
    const province = String((schemaA ? r.省份 : r.地区) ?? '')
    const category = String((schemaA ? r.类别 : r.考生类别) ?? '')
    const batch = String(r.批次 ?? '')
    const year = Number(r.年份)
    col.add({
      province,
      year,
      category,
      batch,
      score: r.分数线,
      label: `${schemaA ? 'A' : 'B'}:${category}|${batch}`,
    })
  }
  return col.result
}

async function loadLu(from: string): Promise<LineAdapterResult> {
  const path = join(from, LU_REPO, LU_FILE)
  if (!existsSync(path)) return { candidates: [], excluded: [] }
  const rows = JSON.parse(await readText(path)) as Record<string, unknown>[]
  return luLines(rows, relPath(from, path))
}

// ---------------------------------------------------------------- IM

export const IM_REPO = 'immaotianyi__gaokao-volunteer-v2'
const IM_GENERIC_SECTIONS = new Set(['普通类', '艺术类', '体育类'])
const IM_LEVEL_WORDS = new Set(['本科', '专科', '本专科', '提前'])
const ART_OR_SPORT = /艺术|体育|美术|音乐|舞蹈|书法|播音|表|戏曲|戏剧|影视|服装/u

/** IM's batch text: the batch section unless it is generic or the batch names something more specific. */
export function imBatchText(section: string, batch: string): string {
  if (IM_GENERIC_SECTIONS.has(section)) return batch
  if (IM_LEVEL_WORDS.has(batch) || batch === section || section.includes(batch)) return section
  return `${section}-${batch}`
}

/**
 * IM `backend/data/control_line_<year>.csv` (province, year, batch_section, batch, subject_group, line_type,
 * lowest_score, source_url). Lines whose `line_type` is a specialty-exam line (专业省统考, 专业分数线) give no
 * culture score and are dropped.
 */
export function imLines(records: readonly Record<string, string>[], sourceFile: string): LineAdapterResult {
  const col = new Collector('IM', sourceFile)
  for (const r of records) {
    const section = cleanText(r.batch_section)
    const batch = cleanText(r.batch)
    const group = cleanText(r.subject_group)
    const lineType = cleanText(r.line_type)
    const year = Number(r.year)
    const label = `${group}|${section}|${batch}|${lineType}`
    if (/专业/u.test(lineType)) {
      col.exclude(r.province ?? '', year, label, 'specialty-exam line only (no culture score)')
      continue
    }
    let text = imBatchText(section, batch)
    const artSport = ART_OR_SPORT.test(group) && !/^(物理|历史)类$/u.test(group)
    if (artSport && !/艺术|体育/u.test(text)) text = `${/体育/u.test(group) ? '体育类' : '艺术类'}(${text})`
    col.add({
      province: r.province ?? '',
      year,
      category: group,
      batch: text,
      hint: `${section}|${batch}`,
      score: r.lowest_score,
      label,
    })
  }
  return col.result
}

async function loadIm(from: string): Promise<LineAdapterResult> {
  const dir = join(from, IM_REPO, 'backend', 'data')
  const out: LineAdapterResult = { candidates: [], excluded: [] }
  for (const name of (await listDir(dir)).filter((n) => /^control_line_\d{4}\.csv$/u.test(n))) {
    const path = join(dir, name)
    merge(out, imLines(csvRecords(await readText(path)), relPath(from, path)))
  }
  return out
}

// ---------------------------------------------------------------- GP

export const GP_REPO = 'hamajun-tao__gaokao-pro'
const GP_CHECKPOINTS: Readonly<Record<string, { name: string; kind: LineKind }>> = {
  benke: { name: '本科批', kind: 'batch' },
  yiben: { name: '本科一批', kind: 'batch' },
  erben: { name: '本科二批', kind: 'batch' },
  yiduan: { name: '普通类一段', kind: 'batch' },
  erduan: { name: '普通类二段', kind: 'batch' },
  techaolu: { name: '特殊类型招生控制线', kind: 'special' },
}

/**
 * GP `cli/data/yifenyiduan/<prov>-<year>-<track>.json`, field `checkpoints`: keys `<line>_<score>` with the
 * cumulative count at that score (benke 本科批, yiben/erben 本科一批/二批, yiduan/erduan 普通类一段/二段,
 * techaolu 特殊类型招生控制线). Other keys (`600`, `total_above_150`) are not lines.
 */
export function gpLines(doc: Record<string, unknown>, sourceFile: string): LineAdapterResult {
  const col = new Collector('GP', sourceFile)
  const cps = doc.checkpoints
  if (!cps || typeof cps !== 'object') return col.result
  const province = String(doc.province_name ?? doc.province ?? '')
  const year = Number(doc.year)
  const category = String(doc.track_cn ?? doc.track ?? '')
  for (const [key, count] of Object.entries(cps as Record<string, unknown>).sort()) {
    const m = /^([a-z]+)_(\d+)$/u.exec(key)
    const line = m ? GP_CHECKPOINTS[m[1] as string] : undefined
    if (!m || !line) continue
    col.add({
      province,
      year,
      category,
      batch: key,
      kind: line.kind,
      canonicalName: line.name,
      score: m[2],
      count,
      label: `${category}|checkpoints.${key}`,
    })
  }
  return col.result
}

async function loadGp(from: string): Promise<LineAdapterResult> {
  const dir = join(from, GP_REPO, 'cli', 'data', 'yifenyiduan')
  const out: LineAdapterResult = { candidates: [], excluded: [] }
  for (const name of (await listDir(dir)).filter((n) => n.endsWith('.json'))) {
    const path = join(dir, name)
    merge(out, gpLines(JSON.parse(await readText(path)) as Record<string, unknown>, relPath(from, path)))
  }
  return out
}

// ---------------------------------------------------------------- GA

export const GA_REPO = 'insensible104__GaokaoAgent'
export const GA_XLSX = 'data/2011-2025广东高考一分一段表.xlsx'
export const GA_SHEET = '线上人数'

/**
 * GA workbook, sheet 线上人数: per year the 特控线 (一本线, 高优线) and 本科线 of 文科 and 理科 (物理/历史 from
 * 2021) with the candidates above each (columns B-I), and the table totals (J, K). Names: 2017 本科一批 /
 * 本科二批 (the batches of that year), 2018-2019 特控线 / 本科批, from 2020 特殊类型招生控制线 / 本科批. The
 * 2017 counts are interpolated (fractional) and are not kept.
 */
export function gaLines(rows: readonly SheetRow[], sourceFile: string): LineAdapterResult {
  const col = new Collector('GA', sourceFile)
  const prov = findProvince('广东') as Province
  for (const r of rows) {
    const year = intCell(r.A)
    if (!(year >= 2000 && year <= 2100)) continue
    const lines: [string, string, string, boolean][] = [
      ['文科', 'B', 'C', true],
      ['理科', 'D', 'E', true],
      ['文科', 'F', 'G', false],
      ['理科', 'H', 'I', false],
    ]
    for (const [category, scoreCol, countCol, special] of lines) {
      const name =
        year < 2018 ? (special ? '本科一批' : '本科二批') : special ? specialName(prov, year) : '本科批'
      col.add({
        province: prov.name,
        year,
        category,
        batch: special ? '特控线' : '本科线',
        kind: special && year >= 2018 ? 'special' : 'batch',
        canonicalName: name,
        score: r[scoreCol],
        count: year < 2018 ? null : r[countCol],
        label: `${category}|${special ? '特控线(一本线、高优线)' : '本科线'}`,
      })
    }
  }
  return col.result
}

/** GA's table totals (分段表中人数, columns J and K) by year and category, for the category_stats cross-check. */
export function gaTotals(rows: readonly SheetRow[]): { year: number; km: string; total: number }[] {
  const prov = findProvince('广东') as Province
  const out: { year: number; km: string; total: number }[] = []
  for (const r of rows) {
    const year = intCell(r.A)
    if (!(year >= 2000 && year <= 2100)) continue
    for (const [label, c] of [
      ['文科', 'J'],
      ['理科', 'K'],
    ] as const) {
      const total = intCell(r[c])
      const km = normalizeKm(prov, year, label)
      if (km && total > 0) out.push({ year, km, total })
    }
  }
  return out
}

export async function readGaSheet(from: string): Promise<{ rows: SheetRow[]; sourceFile: string } | null> {
  const path = join(from, GA_REPO, GA_XLSX)
  if (!existsSync(path)) return null
  const rows = readXlsx(await readFile(path), [GA_SHEET]).get(GA_SHEET) ?? []
  return { rows, sourceFile: relPath(from, path) }
}

// ---------------------------------------------------------------- LG

export const LG_REPO = 'liuguanghui0226__gaokao-zhiyuan-site'

interface LgRecord {
  id?: string
  province: string
  year: number
  subjectType?: string
  batch?: string
  majorName?: string
  dataType?: string
  minScore?: unknown
  cultureScoreLine?: unknown
  professionalMinScore?: unknown
  controlLineRouteKind?: string
  controlLineSection?: string
  sourceId?: string
  sourceQuality?: string
}

/** LG `controlLineRouteKind` → kind, or the reason the line is dropped. */
const LG_ROUTES: Readonly<Record<string, LineKind | { excluded: string }>> = {
  'ordinary-bachelor': 'batch',
  'ordinary-vocational': 'batch',
  segment: 'batch',
  special: 'special',
  art: 'art',
  'art-school-exam': 'art',
  'art-opera': 'art',
  'art-culture': 'art',
  'opera-joint-exam': 'art',
  'opera-interprovincial': 'art',
  sports: 'sport',
  military: 'program',
  'fire-rescue': 'program',
  'teacher-special': 'program',
  'health-special': 'program',
  preparatory: 'program',
  'minority-class': 'program',
  'minority-language': 'program',
  'local-special': 'program',
  'national-special': 'program',
  'special-category': 'program',
  'ordinary-vocational-limited-school': 'program',
  'art-composite': { excluded: 'composite or specialty-only score, not a gaokao total' },
  'sports-composite': { excluded: 'composite or specialty-only score, not a gaokao total' },
  'single-exam': { excluded: 'line of a vocational exam or track, not the unified gaokao' },
  'single-exam-art': { excluded: 'line of a vocational exam or track, not the unified gaokao' },
  counterpart: { excluded: 'line of a vocational exam or track, not the unified gaokao' },
  'secondary-vocational': { excluded: 'line of a vocational exam or track, not the unified gaokao' },
  'skill-gaokao': { excluded: 'line of a vocational exam or track, not the unified gaokao' },
  'minority-language-oral': { excluded: 'line of a vocational exam or track, not the unified gaokao' },
}
const LG_NOT_CONTROL_LINES = /eligibility|interview|vocational-classification/u
const ORIGIN_QUALIFIER = /(A类考生|B类考生|汉族|少数民族|部队生源|单列类)/u

/** Index just past the JSON object that starts at `start` (string-aware brace matching), or -1. */
function objectEnd(text: string, start: number): number {
  let depth = 0
  let inString = false
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92)
        i++ // backslash: skip the escaped character
      else if (c === 34) inString = false
    } else if (c === 34) inString = true
    else if (c === 123) depth++
    else if (c === 125) {
      depth--
      if (depth === 0) return i + 1
    }
  }
  return -1
}

/**
 * The `records` of a shard whose dataType is control-line. Shards are up to 90 MB of compact JSON, so large
 * documents are scanned for the marker and only the enclosing record objects are parsed.
 */
export function lgControlRecords(text: string): LgRecord[] {
  if (text.length < 5_000_000) {
    const doc = JSON.parse(text) as { records?: LgRecord[] }
    return (doc.records ?? []).filter((r) => r.dataType === 'control-line')
  }
  const marker = '"dataType":"control-line"'
  const out: LgRecord[] = []
  let at = text.indexOf(marker)
  while (at >= 0) {
    let next = at + marker.length
    let start = text.lastIndexOf('{"id":', at)
    while (start >= 0) {
      const end = objectEnd(text, start)
      if (end > at) {
        const rec = JSON.parse(text.slice(start, end)) as LgRecord
        if (rec.dataType === 'control-line') {
          out.push(rec)
          next = end
          break
        }
      }
      start = start > 0 ? text.lastIndexOf('{"id":', start - 1) : -1
    }
    at = text.indexOf(marker, next)
  }
  return out
}

/**
 * LG control-line records (`dataType: control-line`) of the import files and the shards, each record once
 * (by id). Kind from `controlLineRouteKind` where given; score = `cultureScoreLine` (else `minScore`);
 * major_score = `professionalMinScore`. Dropped: per-school eligibility series (police, military, judicial,
 * sergeant, 北京电子科技学院, military interview lines), vocational routes, composite scores. Names are the
 * `batch`; where one batch holds several lines of a category (西藏 A/B类考生, 湖北 art fields), the
 * origin qualifier or the cleaned `majorName` tells them apart.
 */
export function lgLines(records: readonly { rec: LgRecord; sourceFile: string }[]): LineAdapterResult {
  const out: LineAdapterResult = { candidates: [], excluded: [] }
  const added: { cand: LineCandidate; rec: LgRecord }[] = []
  for (const { rec, sourceFile } of records) {
    const third = /^(dxsbb|third)/u.test(rec.sourceId ?? '') || /^third-party/u.test(rec.sourceQuality ?? '')
    const col = new Collector('LG', sourceFile, third)
    const label = `${rec.sourceId ?? ''}:${rec.subjectType ?? ''}|${rec.batch ?? ''}|${rec.majorName ?? ''}`
    if (LG_NOT_CONTROL_LINES.test(rec.sourceId ?? '')) {
      col.exclude(rec.province, rec.year, label, 'per-school eligibility line, not a control line')
    } else {
      const route = rec.controlLineRouteKind
      const cand = col.add({
        province: rec.province,
        year: rec.year,
        category: rec.subjectType ?? '',
        batch: rec.batch ?? '',
        hint: rec.majorName ?? '',
        kind: route ? (LG_ROUTES[route] ?? { excluded: `unknown route '${route}'` }) : undefined,
        score: rec.cultureScoreLine ?? rec.minScore,
        majorScore: rec.professionalMinScore,
        label,
      })
      if (cand) added.push({ cand, rec })
    }
    merge(out, col.result)
  }
  // An origin the majorName states (西藏 A/B类考生, 部队生源) qualifies the name.
  for (const { cand, rec } of added) {
    const q = ORIGIN_QUALIFIER.exec(rec.majorName ?? '')?.[1]
    if (q && !cand.name.includes(q)) {
      cand.name = `${lineName(rec.batch ?? '')}(${q})`
      cand.canonical = false
    }
  }
  // Several lines under one name: tell them apart by the majorName.
  const groups = new Map<string, { cand: LineCandidate; rec: LgRecord }[]>()
  for (const a of added)
    pushTo(groups, [a.cand.province, a.cand.year, a.cand.typeName, a.cand.name].join('|'), a)
  for (const list of groups.values()) {
    if (list.length < 2) continue
    for (const { cand, rec } of list) {
      cand.name = lineName(cleanText(rec.majorName).replace(/^\d{4}/u, '')) || cand.name
      cand.canonical = false
    }
  }
  return out
}

async function loadLg(from: string): Promise<LineAdapterResult> {
  const seen = new Set<string>()
  const records: { rec: LgRecord; sourceFile: string }[] = []
  const take = (recs: LgRecord[], sourceFile: string) => {
    for (const rec of recs) {
      const key = rec.id ?? `${sourceFile}#${records.length}`
      if (seen.has(key)) continue
      seen.add(key)
      records.push({ rec, sourceFile })
    }
  }
  // The import files first: they are the official imports the shards copy.
  const adm = join(from, LG_REPO, 'data', 'admissions')
  for (const name of (await listDir(adm)).filter((n) =>
    /^official-.*control-lines.*-import\.json$/u.test(n),
  )) {
    const path = join(adm, name)
    const doc = JSON.parse(await readText(path)) as { records?: LgRecord[] }
    take(
      (doc.records ?? []).filter((r) => r.dataType === 'control-line'),
      relPath(from, path),
    )
  }
  const rel = await lgReleaseDir(from)
  if (rel) {
    const names = (await listDir(rel)).filter(
      (n) => /\.json(\.gz)?$/u.test(n) && !/^(knowledge-core|manifest)/u.test(n),
    )
    for (const name of names) {
      const path = join(rel, name)
      take(lgControlRecords(await readText(path)), relPath(from, path))
    }
  }
  return lgLines(records)
}

// ---------------------------------------------------------------- all

export interface LoadedLines extends LineAdapterResult {
  /** GA's 一分一段 table totals (广东), for the category_stats cross-check */
  gaTotals: { year: number; km: string; total: number }[]
}

/** Runs every control-line adapter over the sources dir. */
export async function loadLines(
  from: string,
  progress?: (step: string, done: number, total: number) => void,
): Promise<LoadedLines> {
  const out: LoadedLines = { candidates: [], excluded: [], gaTotals: [] }
  const steps: [string, () => Promise<LineAdapterResult>][] = [
    ['LG', () => loadLg(from)],
    [
      'GA',
      async () => {
        const ga = await readGaSheet(from)
        if (!ga) return { candidates: [], excluded: [] }
        out.gaTotals = gaTotals(ga.rows)
        return gaLines(ga.rows, ga.sourceFile)
      },
    ],
    ['LU', () => loadLu(from)],
    ['GP', () => loadGp(from)],
    ['IM', () => loadIm(from)],
  ]
  let done = 0
  for (const [id, load] of steps) {
    progress?.(`load ${id}`, done, steps.length)
    merge(out, await load())
    done++
  }
  progress?.('loaded', done, steps.length)
  return out
}
