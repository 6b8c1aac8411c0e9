import volunteerCheck from '../features/check/volunteer-check.js'
import cwbNum from '../features/smart-match/cwb-num.js'
import smartMatch from '../features/smart-match/smart-match.js'
import categoryStats from './category-stats.js'
import commonQuestionList from './common-question-list.js'
import type { AnyEndpoint } from './define.js'
import employment from './employment.js'
import feedback from './feedback.js'
import getSchoolPlan from './get-school-plan.js'
import historicalScoresList from './historical-scores-list.js'
import hotSchoolList from './hot-school-list.js'
import jobProspectRanking from './job-prospect-ranking.js'
import majorGroups from './major-groups.js'
import metaBatches from './meta-batches.js'
import metaSubjects from './meta-subjects.js'
import offeringSchools from './offering-schools.js'
import provinceDistribution from './province-distribution.js'
import provinceScoreLines from './province-score-lines.js'
import schoolOpenMajors from './school-open-majors.js'
import schoolsOpenMajors from './schools-open-majors.js'
import seatingList from './seating-list.js'
import seatingOption from './seating-option.js'
import seatingSeating from './seating-seating.js'
import specialPlan from './special-plan.js'

/** Every endpoint of the service, defined once; the CLI and the HTTP app are both built from this list. */
export const ENDPOINTS: readonly AnyEndpoint[] = [
  seatingList,
  seatingSeating,
  seatingOption,
  metaSubjects,
  metaBatches,
  provinceScoreLines,
  specialPlan,
  provinceDistribution,
  historicalScoresList,
  getSchoolPlan,
  smartMatch,
  categoryStats,
  cwbNum,
  volunteerCheck,
  schoolOpenMajors,
  schoolsOpenMajors,
  employment,
  majorGroups,
  jobProspectRanking,
  offeringSchools,
  hotSchoolList,
  commonQuestionList,
  feedback,
]
