import { existsSync } from 'node:fs'
import { join, readText, relPath } from '../../sources/files.js'
import { Drops } from '../drops.js'
import { clean, groupCode, rankOrNull, scoreOrNull } from '../normalize.js'
import type { PlanAdapter, PlanAdapterResult, PlanRecord } from '../types.js'
import { collectRecords, lineOnly } from './common.js'

/**
 * SH = 666keke/Shanghai-Gaokao, `data.json`: 上海 本科普通批 院校专业组 投档线 2020-2024. Fields: 组名
 * (复旦大学(01)), 院校名 (often a short name: 上海交大, 华东师大), 组号, 投档线 (a score, or '580及以上' / '580分及以上'
 * for the top groups), 最低排名 (the rank of the line), 年份.
 *
 * Rows whose line is only a lower bound (N及以上) or missing are dropped: their rank is the bound's, not the
 * group's. The short school names are resolved by the builder (the school matcher, else an alias learned from
 * LG's official 上海 2024 lines: same year, group and score).
 */
export const REPO = '666keke__Shanghai-Gaokao'

interface ShRow {
  组名?: string
  院校名?: string
  组号?: string
  投档线?: string | number | null
  最低排名?: number | null
  年份?: number
}

export function shRecord(r: ShRow, sourceFile: string): PlanRecord | string {
  const year = Number(r.年份)
  const line = clean(r.投档线)
  if (line === '') return 'no score and no plan number'
  if (/及以上/u.test(line)) return 'line given only as a lower bound (N及以上)'
  const min = scoreOrNull(line)
  if (min === null) return 'no score and no plan number'
  const code = clean(r.组号) || groupCode(r.组名)
  return {
    source: 'SH',
    sourceFile,
    tier: 1,
    province: '上海',
    year,
    subjectType: '综合',
    batchName: '本科批',
    localBatchName: '本科普通批',
    planType: '普通',
    level: '本科',
    schoolName: clean(r.院校名),
    schoolCode: null,
    spname: '',
    spcode: null,
    sgCode: code && /^[A-Z]?\d{1,4}$/u.test(code) ? code : null,
    sgInfos: null,
    ...lineOnly(min, rankOrNull(r.最低排名), 'group'),
  }
}

export const shPlans: PlanAdapter = {
  id: 'SH',
  repo: REPO,
  async load(sourcesDir): Promise<PlanAdapterResult> {
    const drops = new Drops('SH')
    const result: PlanAdapterResult = { records: [], dropped: [], files: [] }
    const path = join(sourcesDir, REPO, 'data.json')
    if (!existsSync(path)) return result
    const file = relPath(sourcesDir, path)
    result.files.push(file)
    const rows = JSON.parse(await readText(path)) as ShRow[]
    collectRecords(rows, (r) => shRecord(r, file), result.records, drops)
    result.dropped = drops.list()
    return result
  },
}
