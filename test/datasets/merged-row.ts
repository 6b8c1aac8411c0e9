import type { MergedRow } from '../../src/datasets/plans/merge.js'

/** A merged plans row for the post-merge steps' tests: a 湖北 2025 group line of LG, unless told otherwise. */
export const mergedRow = (over: Partial<MergedRow>): MergedRow => ({
  province: '湖北',
  year: 2025,
  sid: 1,
  schoolLabel: '北京大学',
  subjectType: '物理类',
  batchName: '本科批',
  localBatchName: '本科普通批',
  planType: '普通',
  level: '本科',
  kind: 'group',
  spname: '',
  spcode: null,
  majorId: null,
  sgCode: '05',
  sgInfos: null,
  num: null,
  numUnverified: false,
  tuition: null,
  length: null,
  min: 660,
  minSection: 900,
  rankDerived: false,
  average: null,
  max: null,
  sources: 1, // LG
  contributors: 1,
  rankSource: 'LG',
  ...over,
})
