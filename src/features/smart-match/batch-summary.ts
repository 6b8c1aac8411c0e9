import type { TierName } from './model/strategies.js'
import type { CellValue, SheetSpec } from './workbook.js'

/** `smart-match batch`'s 汇总.xlsx: one row per student of the class, the tiers counted, or why there is no list. */

export interface StudentResult {
  /** The student's line in the class's file */
  line: number
  name: string | null
  province: string | null
  category: string | null
  /** As the list's title says it (选科 物理+化学+生物, 未限定选科), null when no list was made */
  xuanke: string | null
  score: number | null
  rank: number | null
  rankYear: number | null
  batch: string | null
  counts: Record<TierName, number> | null
  /** The workbook's file name in the output directory */
  file: string | null
  error: string | null
}

export const SUMMARY_HEAD = [
  '行号',
  '姓名',
  '省份',
  '科类',
  '选科',
  '分数',
  '位次',
  '位次年份',
  '批次',
  '冲',
  '稳',
  '保',
  '合计',
  '文件',
  '错误',
] as const

export function summaryRow(r: StudentResult): CellValue[] {
  const total = r.counts ? r.counts.chong + r.counts.wen + r.counts.bao : null
  return [
    r.line,
    r.name,
    r.province,
    r.category,
    r.xuanke,
    r.score,
    r.rank,
    r.rankYear,
    r.batch,
    r.counts?.chong ?? null,
    r.counts?.wen ?? null,
    r.counts?.bao ?? null,
    total,
    r.file,
    r.error,
  ]
}

export function summarySheet(
  results: readonly StudentResult[],
  source: string,
  generatedAt: string,
): SheetSpec {
  const failed = results.filter((r) => r.error !== null).length
  const title = `志愿表汇总 · ${source} · ${results.length} 名考生, 生成 ${results.length - failed} 份${failed ? `, ${failed} 名未生成 (见 错误 列)` : ''} · ${generatedAt}`
  return {
    name: '汇总',
    rows: [[title], [...SUMMARY_HEAD], ...results.map(summaryRow)],
    widths: SUMMARY_HEAD.map((h) =>
      h === '错误' ? 50 : h === '文件' || h === '选科' ? 24 : h === '批次' ? 12 : 8,
    ),
    headRows: 2,
    percentColumns: [],
    sectionRows: [],
  }
}
