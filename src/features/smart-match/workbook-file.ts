import { createHash } from 'node:crypto'
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Db } from '../../data/db.js'
import { findProvince } from '../../domain/provinces.js'
import { VERSION } from '../../version.js'
import { listEvidence } from './queries.js'
import type { SmartMatchData } from './response.js'
import { type SheetSpec, type WorkbookRequest, type WorkbookSources, workbookSheets } from './workbook.js'

/**
 * The I/O around workbook.ts: the sources of a list (the datasets' manifest.json and the rows behind its schools),
 * and the .xlsx bytes of sheets (write-excel-file, imported only when a workbook is written).
 */

type Manifest = WorkbookSources['manifest']

/** manifest.json of a datasets directory, read once per file version (a class's batch writes many workbooks). */
const manifests = new Map<string, { mtimeMs: number; manifest: Manifest }>()

interface ManifestRepo {
  id?: unknown
  repo?: unknown
  snapshot?: unknown
}

const repoText = (r: ManifestRepo) =>
  typeof r.repo === 'string'
    ? `${r.repo}${typeof r.snapshot === 'string' ? `@${r.snapshot}` : ''}`
    : undefined

export function manifestSources(dir: string | undefined): Manifest {
  if (dir === undefined) return null
  const file = join(dir, 'manifest.json')
  let mtimeMs: number
  try {
    mtimeMs = statSync(file).mtimeMs
  } catch {
    return null
  }
  const known = manifests.get(file)
  if (known?.mtimeMs === mtimeMs) return known.manifest
  let manifest: Manifest = null
  try {
    const bytes = readFileSync(file)
    const json = JSON.parse(bytes.toString('utf8')) as {
      sources?: { repos?: ManifestRepo[] }
      tables?: Record<string, { sources?: unknown }>
    }
    const repos = new Map<string, string>()
    // The score tables' sources (manifest.sources.repos), then each table's own list (plans: one per adapter).
    const lists = [
      json.sources?.repos,
      ...Object.values(json.tables ?? {}).map((t) => (Array.isArray(t.sources) ? t.sources : undefined)),
    ]
    for (const list of lists)
      for (const r of (list ?? []) as ManifestRepo[]) {
        const text = repoText(r)
        if (typeof r.id === 'string' && text && !repos.has(r.id)) repos.set(r.id, text)
      }
    manifest = {
      sha256: createHash('sha256').update(bytes).digest('hex'),
      date: new Date(mtimeMs).toISOString().slice(0, 10),
      repos,
    }
  } catch {
    // A damaged manifest.json: the cover says the sources are unknown (`gaokao datasets validate` names the damage)
    manifest = null
  }
  manifests.set(file, { mtimeMs, manifest })
  return manifest
}

const pad = (n: number) => String(n).padStart(2, '0')
/** A time as the workbooks show it: 2026-06-25 14:05, local time */
export const localTime = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`

export async function workbookSources(
  db: Db,
  data: SmartMatchData,
  req: WorkbookRequest,
  now: Date,
): Promise<WorkbookSources> {
  const province = findProvince(req.province)?.name ?? req.province
  const sids = [
    ...new Set((['chong', 'wen', 'bao'] as const).flatMap((t) => data.zyb_data.zybData[t].map((i) => i.sid))),
  ].sort((a, b) => a - b)
  const evidence = await listEvidence(db, province, data.candidate.category, data.candidate.rank_year, sids)
  return {
    datasetsDir: db.dir ?? null,
    manifest: manifestSources(db.dir),
    evidence,
    generatedAt: localTime(now),
    version: VERSION,
  }
}

/** The .xlsx of sheets: head rows bold and kept in view, cover sections shaded, chances as percents. */
export async function workbookBytes(sheets: readonly SheetSpec[]): Promise<Buffer> {
  const { default: writeXlsxFile } = await import('write-excel-file/node')
  const converted = sheets.map((sheet) => ({
    sheet: sheet.name,
    columns: sheet.widths.map((width) => ({ width })),
    stickyRowsCount: sheet.headRows,
    // The 志愿表 is wide: printed across the page
    ...(sheet.widths.length > 8 ? { orientation: 'landscape' as const } : {}),
    data: sheet.rows.map((row, r) =>
      row.map((value, c) => {
        if (value === null || value === '') return null
        const bold = r < sheet.headRows || sheet.sectionRows.includes(r)
        return {
          value,
          ...(typeof value === 'number' ? { type: Number } : { type: String, wrap: r >= sheet.headRows }),
          ...(bold ? { fontWeight: 'bold' as const } : {}),
          ...(sheet.sectionRows.includes(r) ? { backgroundColor: '#E8E8E8' } : {}),
          ...(r >= sheet.headRows && sheet.percentColumns.includes(c) ? { format: '0%' } : {}),
        }
      }),
    ),
  }))
  return writeXlsxFile(converted, { fontFamily: '宋体', fontSize: 11 }).toBuffer()
}

/** The request smart-match answered, from its validated input (SPEC 4.8's fields). */
export function workbookRequest(
  input: {
    province: string
    batch: string
    rank_year: number
    rank: number
    score: number
    subject: string
    xuanke: string
    type: { type: number }
    school_provinces?: readonly string[]
    school_level?: string | null
    public_only?: boolean
    major_keyword?: string | null
    exclude_obligated?: boolean
  },
  student?: string,
): WorkbookRequest {
  // the family's preferences as the flags that give them again (本省 stays 本省: the list's own province)
  const preferenceFlags = [
    ...(input.school_provinces?.length ? [['--school-provinces', input.school_provinces.join(',')]] : []),
    ...(input.school_level ? [['--school-level', input.school_level]] : []),
    ...(input.public_only ? [['--public-only', '1']] : []),
    ...(input.major_keyword ? [['--major-keyword', input.major_keyword]] : []),
    ...(input.exclude_obligated ? [['--exclude-obligated', '1']] : []),
  ] as [string, string][]
  return {
    ...(student === undefined ? {} : { student }),
    ...(preferenceFlags.length > 0 ? { preferenceFlags } : {}),
    province: input.province,
    batch: input.batch,
    rankYear: input.rank_year,
    rank: input.rank,
    score: input.score,
    subject: input.subject,
    xuanke: input.xuanke,
    type: input.type.type,
  }
}

/** smart-match's answer as the .xlsx 志愿表 (sheets: workbook.ts). */
export async function smartMatchWorkbook(
  db: Db,
  data: SmartMatchData,
  req: WorkbookRequest,
  now: Date,
): Promise<Buffer> {
  return workbookBytes(workbookSheets(data, req, await workbookSources(db, data, req, now)))
}
