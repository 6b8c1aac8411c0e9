import { summarizeViolations } from '../checks/score-ranks.js'
import { checkProvinces, provinceCells, provinceRows } from '../provinces-table.js'
import type { TableBuilder } from '../table-builder.js'

/** provinces: the 31 regions of src/domain/provinces.ts with exam mode and full score (RULES.md). */
export const provincesBuilder: TableBuilder = {
  name: 'provinces',
  async build() {
    const rows = provinceRows()
    const problems = checkProvinces(rows)
    return {
      cells: provinceCells(rows),
      problems: problems.length ? [summarizeViolations(problems)] : [],
      summary: [`provinces: ${rows.length} rows`],
      manifest: {},
      rows,
    }
  },
}
