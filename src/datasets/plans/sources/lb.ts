import { readFile } from 'node:fs/promises'
import { findProvince } from '../../../domain/provinces.js'
import { join, listDir, relPath } from '../../sources/files.js'
import { readXlsx, type SheetRow } from '../../sources/xlsx.js'
import { unzip } from '../../sources/zip.js'
import { Drops } from '../drops.js'
import {
  classifyBatch,
  clean,
  normalizeSubjectType,
  planTypeOf,
  rankOrNull,
  scoreOrNull,
} from '../normalize.js'
import type { PlanAdapter, PlanAdapterResult, PlanRecord } from '../types.js'
import { outcomeNumbers } from './common.js'

/**
 * LB = labolado/gaokao_2016-2020: `<省>-<文科|理科>.xlsx.zip`, each a zip around one workbook with one sheet per
 * `<招生类型>_<批次>` (普通类_本科一批, 国家专项计划_本科一批, 中外合作办学_本科二批 …). Columns: 省份, 城市, F915,
 * F211, 双一流, 学校, then per year (2020 … 2016, named in the header row) 最低分, 最低排位, 平均分. School level only.
 *
 * Kept: sheets of the ordinary programme (普通类) and of the special plans (国家/地方/高校专项); a rank of 0 and a
 * score of '--' mean unknown. Dropped: every other programme sheet (中外合作办学, 预科, 定向, 男生/女生, 校区,
 * 联合培养 …: a school's line inside one programme, which would collide with its ordinary line), the near-empty
 * 台湾/香港/澳门 files, and years whose category does not fit the exam mode (北京, 天津, 山东, 海南 2020 were 3+3).
 * The README of the repo says the data are unverified: tier 5, used where nothing else covers the key.
 */
export const REPO = 'labolado__gaokao_2016-2020'

interface YearColumns {
  year: number
  min: string
  rank: string
  avg: string
}

function yearColumns(header: SheetRow): YearColumns[] {
  const cols = Object.keys(header).sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0))
  const out: YearColumns[] = []
  cols.forEach((c, i) => {
    const m = /^(20\d\d)年$/u.exec(clean(header[c]))
    const rank = cols[i + 1]
    const avg = cols[i + 2]
    if (m && rank && avg) out.push({ year: Number(m[1]), min: c, rank, avg })
  })
  return out
}

/** Records of one sheet. */
export function lbSheet(
  province: string,
  track: '文科' | '理科',
  sheet: string,
  rows: readonly SheetRow[],
  sourceFile: string,
  drops: Drops,
): PlanRecord[] {
  const [header, ...body] = rows
  if (!header) return []
  const sep = sheet.indexOf('_')
  const programme = sep >= 0 ? sheet.slice(0, sep) : ''
  const batchLabel = sep >= 0 ? sheet.slice(sep + 1) : sheet
  const special = planTypeOf(programme, batchLabel)
  if (programme !== '普通类' && special === '普通') {
    drops.add('programme sheet other than 普通类 / 专项 (a school line inside one programme)', body.length)
    return []
  }
  const batch = classifyBatch(batchLabel, [programme])
  if ('excluded' in batch) {
    drops.add(batch.excluded, body.length)
    return []
  }
  const years = yearColumns(header)
  const out: PlanRecord[] = []
  for (const row of body) {
    const school = clean(row.F)
    if (school === '') continue
    for (const y of years) {
      const raw = clean(row[y.min])
      if (raw === '' || raw === '--') continue
      const subjectType = normalizeSubjectType(province, y.year, track)
      if (!subjectType) {
        drops.add('category does not fit the exam mode of that year')
        continue
      }
      const nums = outcomeNumbers(scoreOrNull(raw), row[y.avg], null)
      if (nums === 'fractional' || nums.min === null) {
        drops.add('no score and no plan number')
        continue
      }
      out.push({
        source: 'LB',
        sourceFile,
        tier: 5,
        province,
        year: y.year,
        subjectType,
        batchName: batch.batchName,
        localBatchName: batch.localBatchName,
        planType: batch.planType,
        level: batch.level,
        schoolName: school,
        schoolCode: null,
        spname: '',
        spcode: null,
        sgCode: null,
        sgInfos: null,
        num: null,
        tuition: null,
        length: null,
        min: nums.min,
        minSection: rankOrNull(row[y.rank]),
        rankDerived: false,
        rankBlocked: false,
        average: nums.average,
        max: null,
        outcomeLevel: 'school',
      })
    }
  }
  return out
}

export const lbPlans: PlanAdapter = {
  id: 'LB',
  repo: REPO,
  async load(sourcesDir): Promise<PlanAdapterResult> {
    const drops = new Drops('LB')
    const result: PlanAdapterResult = { records: [], dropped: [], files: [] }
    const dir = join(sourcesDir, REPO)
    for (const name of await listDir(dir)) {
      const m = /^(.+)-(文科|理科)\.xlsx\.zip$/u.exec(name.normalize('NFC'))
      if (!m) continue
      const prov = findProvince(m[1] as string)
      if (!prov) {
        drops.add('not a mainland province (台湾/香港/澳门)')
        continue
      }
      const path = join(dir, name)
      const rel = relPath(sourcesDir, path)
      result.files.push(rel)
      const book = unzip(await readFile(path)).find((e) => e.name.endsWith('.xlsx'))
      if (!book) continue
      const sheets = readXlsx(book.data)
      for (const [sheet, rows] of [...sheets].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
        for (const rec of lbSheet(prov.name, m[2] as '文科' | '理科', sheet, rows, rel, drops))
          result.records.push(rec)
      }
    }
    result.dropped = drops.list()
    return result
  },
}
