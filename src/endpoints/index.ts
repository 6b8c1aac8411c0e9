import categoryStats from './category-stats.js'
import commonQuestionList from './common-question-list.js'
import type { AnyEndpoint } from './define.js'
import employment from './employment.js'
import feedback from './feedback.js'
import jobProspectRanking from './job-prospect-ranking.js'
import metaBatches from './meta-batches.js'
import metaSubjects from './meta-subjects.js'
import provinceScoreLines from './province-score-lines.js'
import seatingList from './seating-list.js'
import seatingOption from './seating-option.js'
import seatingSeating from './seating-seating.js'

/** Every endpoint of the service, defined once; the CLI and the HTTP app are both built from this list. */
export const ENDPOINTS: readonly AnyEndpoint[] = [
  seatingList,
  seatingSeating,
  seatingOption,
  metaSubjects,
  metaBatches,
  provinceScoreLines,
  categoryStats,
  employment,
  jobProspectRanking,
  commonQuestionList,
  feedback,
]
