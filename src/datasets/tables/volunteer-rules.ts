import type { CellValue } from '../parquet.js'
import type { TableBuilder } from '../table-builder.js'
import { checkVolunteerRules, type ExpandResult, expandRules } from '../volunteer-rules/expand.js'
import { loadGpRules } from '../volunteer-rules/gp.js'
import { rulesRows } from '../volunteer-rules/rules-table.js'
import type { VolunteerRule } from '../volunteer-rules/types.js'

/** Cells in the order of SCHEMA.volunteer_rules. */
export function volunteerRuleCells(rules: readonly VolunteerRule[]): CellValue[][] {
  return rules.map((r) => [
    r.province,
    r.year,
    r.batchName,
    r.localBatchName,
    r.subjectsType,
    r.scoreMax,
    r.volunteerType,
    r.volunteerNumMax,
    r.majorNumMax,
    r.provenance,
    r.source,
    r.note,
  ])
}

/** Years 2024-2026: the provinces without a 本科-level rule, for the summary. */
function gaps(rules: readonly VolunteerRule[]): string[] {
  const out: string[] = []
  for (const year of [2024, 2025, 2026]) {
    const have = new Set(rules.filter((r) => r.year === year).map((r) => r.province))
    out.push(`${year}: rules for ${have.size} provinces`)
  }
  return out
}

/** volunteer_rules: per province, year and batch, the form of the application list (RULES.md, then G). */
export const volunteerRulesBuilder: TableBuilder<ExpandResult> = {
  name: 'volunteer_rules',
  async build(ctx) {
    ctx.progress('load G', 0, 1)
    const gp = await loadGpRules(ctx.from)
    const result = expandRules(rulesRows(), gp.rules)
    const problems = [...result.problems, ...checkVolunteerRules(result.rules)].slice(0, 5)
    if (result.rules.length === 0) problems.push('no rule')
    if (gp.missing) problems.push(`missing source file ${gp.missing}`)
    const derived = result.rules.filter((r) => r.provenance === 'derived').length
    return {
      cells: volunteerRuleCells(result.rules),
      problems,
      summary: [
        `volunteer_rules: ${result.rules.length} rules (${derived} derived), ${result.conflicts.length} RULES/G ` +
          `conflicts noted, ${result.unknown.length} keys unknown (RULES '?')`,
        ...gaps(result.rules),
      ],
      manifest: {
        sources:
          '../shared/data/RULES.md table (transcribed in src/datasets/volunteer-rules/rules-table.ts); G = ' +
          'hamajun-tao/gaokao-pro cli/data/datasets/zhiyuan-rules-2026.json (lowest confidence)',
        order_of_evidence:
          'RULES stated years (real) > G 2026 (real, lowest confidence) > a year between two RULES years with the ' +
          "same rule (derived) > G 2025 from its vs_2025 continuation remark (derived); RULES '?' is never filled",
        conflicts: result.conflicts,
        unknown: result.unknown,
        g_blocked_by_unknown: result.blockedG,
        g_not_read: gp.skipped,
      },
      rows: result,
      details: { conflicts: result.conflicts },
    }
  },
}
