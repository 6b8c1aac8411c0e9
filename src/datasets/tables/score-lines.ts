import { PROVINCES } from '../../domain/provinces.js'
import type { CellValue } from '../parquet.js'
import { type LoadedLines, loadLines } from '../score-lines/adapters.js'
import { checkScoreLines, type ScoreLineRecord, summarizeLineViolations } from '../score-lines/checks.js'
import { LINE_PRIORITY_RULE, type LineRow, type LinesPlan, planLines } from '../score-lines/resolve.js'
import type { TableBuilder } from '../table-builder.js'

/** What score_lines hands to its dependants (category_stats): the rows and the published totals. */
export interface ScoreLinesResult {
  rows: LineRow[]
  gaTotals: LoadedLines['gaTotals']
}

export const scoreLineRecord = (r: LineRow): ScoreLineRecord => ({
  id: r.id,
  year: r.year,
  province: r.province,
  type_name: r.typeName,
  name: r.name,
  score: r.score,
  major_score: r.majorScore,
  is_use: r.isUse,
  provenance: 'real',
  source: r.source,
})

/** Cells in the order of SCHEMA.score_lines. */
export function scoreLineCells(rows: readonly LineRow[]): CellValue[][] {
  return rows.map((r) => {
    const x = scoreLineRecord(r)
    return [
      x.id,
      x.year,
      x.province,
      x.type_name,
      x.name,
      x.score,
      x.major_score,
      x.is_use,
      x.provenance,
      x.source,
    ]
  })
}

/** Coverage lines: per year, provinces with an ordinary is_use line, and the row count. */
export function lineCoverage(rows: readonly LineRow[]): string[] {
  const byYear = new Map<number, { rows: number; provinces: Set<string> }>()
  for (const r of rows) {
    const y = byYear.get(r.year) ?? { rows: 0, provinces: new Set<string>() }
    byYear.set(r.year, y)
    y.rows++
    if (r.canonical) y.provinces.add(r.province)
  }
  return [...byYear]
    .sort((a, b) => a[0] - b[0])
    .map(([year, y]) => {
      const missing = PROVINCES.filter((p) => !y.provinces.has(p.name)).map((p) => p.name)
      const gap = missing.length === 0 ? 'all 31' : `${y.provinces.size}; none for ${missing.join(' ')}`
      return `${year}: ${y.rows} lines; provinces with ordinary lines: ${gap}`
    })
}

/** The manifest part of score_lines: rule, conflicts resolved, ambiguous and dropped lines, sources used. */
export function scoreLinesManifest(plan: LinesPlan): Record<string, unknown> {
  const bySource: Record<string, number> = {}
  for (const r of plan.rows) bySource[r.source] = (bySource[r.source] ?? 0) + 1
  const reasons: Record<string, number> = {}
  for (const e of plan.excluded)
    reasons[`${e.source}: ${e.reason}`] = (reasons[`${e.source}: ${e.reason}`] ?? 0) + 1
  return {
    rule: LINE_PRIORITY_RULE,
    is_use:
      '1 = a line that binds every candidate of the category (batch, 特殊类型, art/sport culture line); 0 = programme line (README)',
    rows_by_source: bySource,
    conflicts: plan.conflicts,
    ambiguous_dropped: plan.ambiguous.map(
      (a) => `${a.source} ${a.province} ${a.year} ${a.type_name} ${a.name}: ${a.scores.join(', ')}`,
    ),
    superseded: plan.superseded,
    excluded_by_reason: reasons,
  }
}

/** score_lines: provincial control lines (批次线 / 省控线) of every province and year the sources hold. */
export const scoreLinesBuilder: TableBuilder<ScoreLinesResult> = {
  name: 'score_lines',
  async build(ctx) {
    const loaded = await loadLines(ctx.from, ctx.progress)
    ctx.progress('resolve', 0, 1)
    const plan = planLines(loaded.candidates, loaded.excluded)
    const violations = checkScoreLines(plan.rows.map(scoreLineRecord))
    const problems = violations.length ? [summarizeLineViolations(violations)] : []
    if (plan.rows.length === 0) problems.push('no control line found')
    const used = plan.rows.filter((r) => r.isUse === 1).length
    return {
      cells: scoreLineCells(plan.rows),
      problems,
      summary: [
        `score_lines: ${plan.rows.length} lines (${used} is_use=1), ${plan.conflicts.length} conflicts resolved, ` +
          `${plan.ambiguous.length} ambiguous dropped, ${plan.excluded.length} source lines excluded`,
        ...lineCoverage(plan.rows),
      ],
      manifest: scoreLinesManifest(plan),
      rows: { rows: plan.rows, gaTotals: loaded.gaTotals },
      details: { conflicts: plan.conflicts, ambiguous: plan.ambiguous },
    }
  },
}
