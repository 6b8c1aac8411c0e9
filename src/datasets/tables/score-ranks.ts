import { manifestScoreRankSlices } from '../manifest.js'
import {
  checkPlan,
  coverageSummary,
  loadCandidates,
  planScoreRanks,
  type ScoreRanksPlan,
  scoreRankCells,
} from '../score-ranks-plan.js'
import type { TableBuilder } from '../table-builder.js'

/** score_ranks: every 一分一段 table the sources hold, one source chosen per table (see ../README.md). */
export const scoreRanksBuilder: TableBuilder<ScoreRanksPlan> = {
  name: 'score_ranks',
  async build(ctx) {
    const loaded = await loadCandidates(ctx.from, (e) => ctx.progress(e.step, e.done, e.total))
    ctx.progress('resolve', 0, 1)
    const plan = planScoreRanks(loaded)
    const problems = checkPlan(plan.resolutions)
    const cells = scoreRankCells(plan.resolutions)
    if (cells.length === 0) problems.push('no table passed the checks')
    const failed = plan.rejected.filter((r) => r.kind === 'failed-checks').length
    const excluded = plan.rejected.length - failed
    return {
      cells,
      problems: problems.slice(0, 5),
      summary: [
        `score_ranks: ${cells.length} rows in ${plan.resolutions.length} tables; ${failed} candidate tables failed the checks, ` +
          `${excluded} excluded by rule, ${plan.conflicts.length} conflicts resolved`,
        ...coverageSummary(plan.resolutions),
      ],
      manifest: manifestScoreRankSlices(plan),
      rows: plan,
      details: {
        slicesKept: plan.resolutions.map((r) => ({
          province: r.province,
          year: r.year,
          km: r.km,
          level: r.level,
          rows: r.chosen.rows.length,
          source: r.chosen.source,
        })),
        slicesRejected: plan.rejected,
        conflicts: plan.conflicts,
      },
    }
  },
}
