import type { SmartMatchData, ZybItem } from '../../src/features/smart-match/response.js'
import smartMatch from '../../src/features/smart-match/smart-match.js'
import { type WorkbookSources, workbookSheets } from '../../src/features/smart-match/workbook.js'
import { workbookRequest } from '../../src/features/smart-match/workbook-file.js'

/** The fixture's 湖北 candidate of smart-match (SPEC 4.8's request) and the items of an answer, for its tests. */

export const HUBEI_REQUEST = {
  province: '湖北',
  batch: '本科批',
  rank_year: 2025,
  score: 600,
  subject: '物理',
  xuanke: '物理,化学,生物',
}

/** Every item of a smart-match answer's data, 冲 then 稳 then 保. */
export const listItems = (data: any): any[] => [
  ...data.zyb_data.zybData.chong,
  ...data.zyb_data.zybData.wen,
  ...data.zyb_data.zybData.bao,
]

/** listItems, typed */
export const itemsOf = (data: SmartMatchData): ZybItem[] => listItems(data)

/** What a workbook's cover says of its sources in the tests: no datasets directory, a fixed time */
export const TEST_WORKBOOK_SOURCES: WorkbookSources = {
  datasetsDir: null,
  manifest: null,
  evidence: [],
  generatedAt: '2026-06-25 10:00',
  version: 'test',
}

/** The sheets `--out 志愿表.xlsx` writes for an answer to a request (the list, then the cover …) */
export function workbookOf(data: SmartMatchData, request: Record<string, unknown>) {
  const input = smartMatch.input.parse(request) as Parameters<typeof workbookRequest>[0]
  return workbookSheets(data, workbookRequest(input), TEST_WORKBOOK_SOURCES)
}
