/** Shared types of the `plans` builder (see README.md in this folder). */

/** Source ids, as abbreviated in ../shared/data/INVENTORY.md. */
export type PlanSourceId = 'LG' | 'IM' | 'GA' | 'SH' | 'LB' | 'GP' | 'CG' | 'JSP' | 'GX' | 'ZJP' | 'HB' | 'CQ'

export type PlanType = '普通' | '国家专项' | '地方专项' | '高校专项' | '强基计划'

export const PLAN_TYPES: readonly PlanType[] = ['普通', '国家专项', '地方专项', '高校专项', '强基计划']

/** The values of `batch_name`: the four SPEC 4.7/4.9 batches, or the plan type of a special plan. */
export const BATCH_NAMES = [
  '本科批',
  '本科提前批',
  '专科批',
  '专科提前批',
  '国家专项',
  '地方专项',
  '高校专项',
  '强基计划',
] as const
export type BatchName = (typeof BATCH_NAMES)[number]

/** Granularity of the outcome (min, min_section, average, max); '' for a plan-only row. */
export type OutcomeLevel = 'major' | 'group' | 'school' | ''

/**
 * Evidence tier of a record, best first. Decides which source's value wins when two records meet on one key:
 * 0 an exam authority's table (LG official provincial), 1 a school's own official page (LG official-school) or a
 * compilation of official tables (GA 广东, SH 上海), 2 a plan/score compilation (IM), 3 third-party sites (LG
 * dxsbb and mirrors), 4 gaokao.cn school minimums (GP), 5 the unverified 2016-2020 compilation (LB).
 */
export type Tier = 0 | 1 | 2 | 3 | 4 | 5

/** One plan / admission record after an adapter normalised its labels; the sid is resolved later. */
export interface PlanRecord {
  source: PlanSourceId
  /** Source file relative to the sources dir, for the manifest */
  sourceFile: string
  tier: Tier
  province: string
  year: number
  /** Normalised category: 物理类 历史类 理科 文科 综合, or an art / sport name */
  subjectType: string
  batchName: BatchName
  /** The province's (or the source's) own batch name, cleaned; '' when the source has none */
  localBatchName: string
  planType: PlanType
  /** 本科 or 专科, for the major matcher */
  level: '本科' | '专科'
  schoolName: string
  /** A national 5-digit 院校代码 when the source gives one (GA, IM 广东), for the school matcher's fallback */
  schoolCode: string | null
  /** The school's gaokao.cn id when the source gives one (GP): tried when the name finds no school */
  sidHint?: number | null
  /** Major name as published; '' for a group or school row */
  spname: string
  /** Catalogue code (080901, 510201) when the source gives one */
  spcode: string | null
  /**
   * The province's own codes on its 志愿表, where a plan book gives them: the 院校代号 (江苏 1001, 浙江 0001, 广西's
   * 5-digit code, which a campus has of its own) and the 专业代号 (江苏 01, 浙江 015, 广西 003). Absent: unknown.
   */
  localSchoolCode?: string | null
  localSpcode?: string | null
  /** Major-group code as published (06, 203, D02); null outside group provinces or when unknown */
  sgCode: string | null
  /** Normalised subject requirement (首选物理,再选化学 / 化学和生物 / 不限); null when unknown */
  sgInfos: string | null
  /** Planned number; null when the record does not say */
  num: number | null
  /**
   * The planned number is indicative only: no plan book confirms it (CG's gaokao.cn seat counts, which disagree with
   * the provincial plans they could be compared with). Absent means false.
   */
  numUnverified?: boolean
  tuition: number | null
  length: string | null
  min: number | null
  minSection: number | null
  /** min_section derived from min (by the source, or here from score_ranks) rather than published */
  rankDerived: boolean
  /** the source says a rank must not be derived for this score (e.g. bonus points of unknown scope) */
  rankBlocked: boolean
  average: number | null
  max: number | null
  outcomeLevel: OutcomeLevel
}

/** A record an adapter dropped, counted by reason for the manifest. */
export interface DropCount {
  source: PlanSourceId
  reason: string
  rows: number
}

export interface PlanAdapterResult {
  records: PlanRecord[]
  dropped: DropCount[]
  /**
   * Group lines the adapter dropped as a track (民族班, 预科, 定向 …: counted in `dropped` too), kept aside so that a
   * copy of the same line in a source that cannot tell (LG's 湖北 lines have no 备注) is dropped as well
   * (special-copies.ts dropOrdinaryCopiesOfTrackLines)
   */
  trackLines?: PlanRecord[]
  /** Source files read, relative to the sources dir */
  files: string[]
}

export interface PlanAdapter {
  id: PlanSourceId
  /** owner__repo folder under the sources dir */
  repo: string
  load(sourcesDir: string): Promise<PlanAdapterResult>
}

/** The final row, in SCHEMA.plans column order. */
export interface PlanRow {
  id: number
  sid: number
  school_name: string
  major_id: number | null
  spname: string
  spcode: string | null
  province: string
  year: number
  subject_type: string
  batch_name: string
  local_batch_name: string
  plan_type: PlanType
  sg_name: string | null
  sg_infos: string | null
  num: number
  tuition: number | null
  length: string | null
  min: number | null
  min_section: number | null
  rank_derived: boolean
  average: number | null
  max: number | null
  outcome_level: OutcomeLevel
  is_dual_class: 0 | 1
  provenance: 'real' | 'derived' | 'synthetic'
  source: string
  num_unverified: boolean
  local_school_code: string | null
  local_spcode: string | null
}
