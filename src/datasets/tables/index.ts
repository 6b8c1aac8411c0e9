import type { TableBuilder } from '../table-builder.js'
import { categoryStatsBuilder } from './category-stats.js'
import { contentItemsBuilder } from './content-items.js'
import { employmentBuilder } from './employment.js'
import { employmentDirectionsBuilder } from './employment-directions.js'
import { majorsBuilder } from './majors.js'
import { plansBuilder } from './plans.js'
import { provincesBuilder } from './provinces.js'
import { schoolsBuilder } from './schools.js'
import { scoreLinesBuilder } from './score-lines.js'
import { scoreRanksBuilder } from './score-ranks.js'
import { volunteerRulesBuilder } from './volunteer-rules.js'

/** Every dataset table's builder; build.ts runs them in dependency order. */
export const BUILDERS: readonly TableBuilder[] = [
  provincesBuilder,
  scoreRanksBuilder,
  scoreLinesBuilder,
  categoryStatsBuilder,
  volunteerRulesBuilder,
  schoolsBuilder,
  majorsBuilder,
  plansBuilder,
  employmentBuilder,
  employmentDirectionsBuilder,
  contentItemsBuilder,
]
