import { checkDirections, summarize } from '../employment/checks.js'
import { DIRECTIONS_YEAR, SEED, SYNTH_NAME } from '../employment/synth.js'
import { vocab } from '../employment/vocab.js'
import type { TableBuilder } from '../table-builder.js'
import { directionCells, type EmploymentBuild, share } from './employment.js'

/**
 * employment_directions: per major, the industries and positions its graduates go into, with shares and
 * salaries (synthetic: no source has them per major). Drawn in the same pass as `employment`.
 */
export const employmentDirectionsBuilder: TableBuilder<EmploymentBuild['directions']> = {
  name: 'employment_directions',
  dependsOn: ['employment'],
  async build(ctx) {
    const { directions, employment } = ctx.dependency<EmploymentBuild>('employment').rows
    const majorIds = [...new Set(employment.map((r) => r.major_id))]
    const violations = checkDirections(directions, majorIds)
    const n = directions.length
    const industries = directions.filter((r) => r.kind === 'industry').length
    return {
      cells: directionCells(directions),
      problems: violations.length > 0 ? [summarize('employment_directions', violations)] : [],
      summary: [
        `employment_directions: ${n} rows for ${majorIds.length} majors (${industries} industry, ${n - industries} position rows, ` +
          `year ${DIRECTIONS_YEAR}); synthetic ${share(n, n)}`,
      ],
      manifest: {
        provenance: 'synthetic (every row)',
        synthesizer: { name: SYNTH_NAME, seed: SEED, profiles: Object.keys(vocab().profiles).length },
      },
      rows: directions,
    }
  },
}
