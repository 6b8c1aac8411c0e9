import type { CellValue } from '../parquet.js'
import {
  type CategoryStat,
  type CategoryStatsPlan,
  checkCategoryStats,
  planCategoryStats,
  type RankTable,
} from '../score-lines/category-stats.js'
import type { ScoreRanksPlan } from '../score-ranks-plan.js'
import type { TableBuilder } from '../table-builder.js'
import type { ScoreLinesResult } from './score-lines.js'

/** Cells in the order of SCHEMA.category_stats. */
export function categoryStatCells(rows: readonly CategoryStat[]): CellValue[][] {
  return rows.map((r) => [
    r.province,
    r.year,
    r.subjectType,
    r.title,
    r.totalApplicants,
    r.undergradAdmitted,
    r.collegeAdmitted,
    'derived',
    r.source,
  ])
}

/** The score_ranks tables as category_stats reads them. */
export function rankTables(plan: ScoreRanksPlan): RankTable[] {
  return plan.resolutions.map((r) => ({
    province: r.province,
    year: r.year,
    km: r.km,
    level: r.level,
    source: r.chosen.source,
    rows: r.chosen.rows,
  }))
}

export function categoryStatsManifest(plan: CategoryStatsPlan): Record<string, unknown> {
  const agree = plan.crossChecks.filter((c) => c.derived === c.published).length
  return {
    derivation:
      'total_applicants = last cumulative total of the ordinary 一分一段 table (null when the table stops above the ' +
      'junior-college line); undergrad_admitted / college_admitted = cumulative total at the is_use=1 line ' +
      '(本科批 or the lowest 本科 batch; 专科批 or the lowest 专科 batch; 普通类一段/二段 for 山东, 二段 for 浙江), ' +
      'null when the line is below the table floor or inside a band (README)',
    rows_detail: plan.notes.map(
      (n) =>
        `${n.province} ${n.year} ${n.subject_type}: table ${n.table_source} ${n.table_floor}.. total ${n.table_total}; ` +
        `undergrad ${n.undergrad_line ? `${n.undergrad_line.name} ${n.undergrad_line.score} (${n.undergrad_line.source})` : '-'}; ` +
        `college ${n.college_line ? `${n.college_line.name} ${n.college_line.score} (${n.college_line.source}, ${n.college_line.table} table)` : '-'}` +
        (n.nulls.length ? `; null: ${n.nulls.join('; ')}` : ''),
    ),
    skipped: plan.skipped,
    cross_checks: { agreeing: agree, total: plan.crossChecks.length, checks: plan.crossChecks },
  }
}

/** category_stats: candidates per province, year and ordinary category, derived from score_ranks and score_lines. */
export const categoryStatsBuilder: TableBuilder<CategoryStatsPlan> = {
  name: 'category_stats',
  dependsOn: ['score_ranks', 'score_lines'],
  async build(ctx) {
    const ranks = ctx.dependency<ScoreRanksPlan>('score_ranks').rows
    const lines = ctx.dependency<ScoreLinesResult>('score_lines').rows
    ctx.progress('derive', 0, 1)
    const published = lines.gaTotals.map((t) => ({
      province: '广东',
      year: t.year,
      km: t.km,
      total: t.total,
      source: 'GA',
    }))
    const plan = planCategoryStats(
      rankTables(ranks),
      lines.rows.map((r) => ({
        province: r.province,
        year: r.year,
        typeName: r.typeName,
        name: r.name,
        score: r.score,
        isUse: r.isUse,
        source: r.source,
        count: r.count,
      })),
      published,
    )
    const problems = checkCategoryStats(plan.rows).slice(0, 5)
    if (plan.rows.length === 0) problems.push('no slice has both a 一分一段 table and a control line')
    const mismatches = plan.crossChecks.filter((c) => c.derived !== c.published)
    const nullCounts = plan.rows.filter((r) => r.totalApplicants === null).length
    return {
      cells: categoryStatCells(plan.rows),
      problems,
      summary: [
        `category_stats: ${plan.rows.length} rows (${nullCounts} without total_applicants: table stops above the ` +
          `junior-college line), ${plan.skipped.length} slices skipped (no line), cross-checks ` +
          `${plan.crossChecks.length - mismatches.length}/${plan.crossChecks.length} agree`,
      ],
      manifest: categoryStatsManifest(plan),
      rows: plan,
      details: { skipped: plan.skipped, crossCheckMismatches: mismatches },
    }
  },
}
