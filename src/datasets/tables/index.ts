import type { TableBuilder } from '../table-builder.js'
import { contentItemsBuilder } from './content-items.js'
import { employmentBuilder } from './employment.js'
import { employmentDirectionsBuilder } from './employment-directions.js'
import { majorsBuilder } from './majors.js'
import { provincesBuilder } from './provinces.js'
import { schoolsBuilder } from './schools.js'
import { scoreRanksBuilder } from './score-ranks.js'

/** Every dataset table's builder; build.ts runs them in dependency order. */
export const BUILDERS: readonly TableBuilder[] = [
  provincesBuilder,
  scoreRanksBuilder,
  schoolsBuilder,
  majorsBuilder,
  employmentBuilder,
  employmentDirectionsBuilder,
  contentItemsBuilder,
]
