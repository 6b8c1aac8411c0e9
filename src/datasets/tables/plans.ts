import type { MajorRow } from '../majors/match.js'
import { coverageByYear, loadPlanRecords, planCells, planPlans, planSummary } from '../plans/build.js'
import { summarizePlanViolations } from '../plans/checks.js'
import { rankBandsLine } from '../plans/rank-bands.js'
import type { RankTableSlice } from '../plans/ranks.js'
import { PLAN_SOURCES } from '../plans/sources/index.js'
import type { PlanRow } from '../plans/types.js'
import type { SchoolRow } from '../schools/match.js'
import type { ScoreRanksPlan } from '../score-ranks-plan.js'
import type { TableBuilder } from '../table-builder.js'

/** How records of several sources meet on one key (src/datasets/plans/README.md, "Merge"). */
export const PLANS_PRIORITY_RULE =
  'Records are normalised per source, then merged best first by tier: 0 exam-authority tables (LG official), ' +
  '1 school official pages and official compilations (LG official-school, GA 广东, SH 上海), 2 IM, 3 third-party ' +
  'sites (LG dxsbb and mirrors), 4 gaokao.cn school minimums and the LLM-compiled group file (GP), 5 the unverified ' +
  '2016-2020 compilation (LB); within a tier LG > GA > SH > IM > GP > LB. The first source of a key makes the row; a ' +
  'later record joins the one row of its key whose major group agrees: it fills missing plan fields (num, tuition, ' +
  'length, sg_infos) and the outcome when the row has none, adds a published rank over a derived one on an equal ' +
  'score, and otherwise loses (conflict). A record that two rows could take is dropped, so nothing is counted twice.'

/** plans: plan figures and admission outcomes by school × major/group × province × year × category × batch. */
export const plansBuilder: TableBuilder<PlanRow[]> = {
  name: 'plans',
  dependsOn: ['schools', 'majors', 'score_ranks'],
  async build(ctx) {
    const schools = ctx.dependency<SchoolRow[]>('schools').rows
    const majors = ctx.dependency<MajorRow[]>('majors').rows
    const scoreRanks = ctx.dependency<ScoreRanksPlan>('score_ranks').rows
    const rankSlices: RankTableSlice[] = scoreRanks.resolutions.map((r) => ({
      province: r.province,
      year: r.year,
      km: r.km,
      level: r.level,
      rows: r.chosen.rows,
    }))
    const loaded = await loadPlanRecords(ctx.from, ctx.progress)
    ctx.progress('merge', 0, 1)
    const result = planPlans(loaded, { schools, majors, rankSlices })
    loaded.records = [] // a million records: let them go before the cells are made
    const problems = summarizePlanViolations(result.violations)
    if (result.rows.length === 0) problems.push('no plan rows')
    const coverage = coverageByYear(result.rows)
    return {
      cells: planCells(result.rows),
      problems,
      summary: [
        ...planSummary(result.rows),
        rankBandsLine(result.rankBands),
        `plans 普通 group lines dropped as copies of a special plan's line: ${bySources(result.specialCopies)}`,
        `plans 普通 group lines dropped as copies of a track's line (民族班, 预科 …): ${bySources(result.trackCopies)}`,
        `plans GP majors dropped as copies of a CG major named with its bracket: ${result.cutCopies}`,
        `plans major rows joined to the row of the same major named apart by notes: ${result.majorsNamedWithNotes}`,
        `plans rows of a group filed twice under another code, dropped: ${result.copiedGroups}`,
        `plans GP rows of a group another source has in another batch, dropped: ${result.gpGroupsOfAnotherBatch}`,
        `plans GP school lines of a line another source has in another batch, dropped: ${result.gpSchoolLinesOfAnotherBatch}`,
        `plans GP 本科批 school lines of schools that admit in 本科提前批 only, dropped: ${result.gpSchoolLinesOfEarlyBatchSchools}`,
        `plans school lines above their own majors' lines, outcome cleared: ${bySources(result.schoolLinesAboveMajors)}`,
        `plans rows given their school's 院校代号 of the province and year from its other rows: ${result.localSchoolCodesSpread}`,
      ],
      manifest: {
        sources: PLAN_SOURCES.map((s) => ({ ...s })),
        source_files: [...loaded.files, ...(loaded.firstClass.file ? [loaded.firstClass.file] : [])],
        priority_rule: PLANS_PRIORITY_RULE,
        coverage: coverage.map((c) => ({
          year: c.year,
          rows: c.rows,
          plan_provinces: c.planProvinces,
          score_provinces: c.scoreProvinces,
        })),
        dropped: result.dropped,
        unmatched_schools: result.unmatchedSchools.slice(0, 100),
        unmatched_school_names: result.unmatchedSchools.length,
        school_aliases: result.aliases,
        merge: result.merge,
        ranks_derived_here: result.derivedHere,
        outcomes_of_year_before_cleared: result.outcomesOfYearBefore,
        rank_derivation_misses: result.derivationMisses,
        rank_band_misfits: result.rankBands,
        ordinary_copies_of_special_lines_dropped: result.specialCopies,
        ordinary_copies_of_track_lines_dropped: result.trackCopies,
        gp_cut_copies_of_cg_majors_dropped: result.cutCopies,
        major_rows_named_with_notes_joined: result.majorsNamedWithNotes,
        copied_group_rows_dropped: result.copiedGroups,
        gp_group_rows_of_another_batch_dropped: result.gpGroupsOfAnotherBatch,
        gp_school_lines_of_another_batch_dropped: result.gpSchoolLinesOfAnotherBatch,
        gp_school_lines_of_early_batch_schools_dropped: result.gpSchoolLinesOfEarlyBatchSchools,
        school_lines_above_their_majors_cleared: result.schoolLinesAboveMajors,
        local_school_codes_spread: result.localSchoolCodesSpread,
      },
      rows: result.rows,
      details: {
        dropped: result.dropped,
        unmatchedSchools: result.unmatchedSchools.slice(0, 30),
        merge: result.merge,
      },
    }
  },
}

/** Counts by sources as one summary phrase: `LG 366, GP 12`, or 0 */
const bySources = (counts: Record<string, number>): string =>
  Object.entries(counts)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ') || '0'
