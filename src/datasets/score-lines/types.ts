/** Shared types of the score_lines builder (provincial control lines, 批次线 / 省控线). */

/** Sources of control lines, as abbreviated in ../shared/data/INVENTORY.md. */
export type LineSource = 'LG' | 'GA' | 'LU' | 'GP' | 'IM'

/**
 * What a line is, which decides `is_use` (README.md):
 * - `batch`: the line of an admission batch for every candidate of the category (本科批, 本科一批, 专科批,
 *   普通类一段, 本科提前批 ...), including lines split by origin (西藏 A/B类考生);
 * - `special`: the 特殊类型招生控制线 (and its forerunners 特控线 / 高分优先投档线 in 广东);
 * - `art`, `sport`: the culture line of an art or sport batch;
 * - `program`: a line that binds only the candidates of one programme, school list or origin (专项计划,
 *   预科, 民族班, 军队/公安/消防院校, 定向培养, 高水平运动队, 自主招生, 部队生源, 限定院校).
 */
export type LineKind = 'batch' | 'special' | 'art' | 'sport' | 'program'

/** A line as one source states it, after normalisation of its category and batch name. */
export interface LineCandidate {
  province: string
  year: number
  /** Normalised category: 物理类 历史类 理科 文科 综合, 蒙授理科, 艺术类(物理), 体育类 ... */
  typeName: string
  /** Batch name: a canonical name for the ordinary lines (CANONICAL_NAMES), else the cleaned source name */
  name: string
  score: number
  /** Specialty (art/sport) score where the source gives it beside the culture line */
  majorScore: number | null
  kind: LineKind
  /** True when `name` is one of CANONICAL_NAMES: such lines are compared across sources key by key */
  canonical: boolean
  source: LineSource
  /** True for a third-party copy inside a source (LG's dxsbb series): ranked after every other source */
  thirdParty: boolean
  /** Path of the source file relative to the sources dir */
  sourceFile: string
  /** The source's own labels (category | batch), for the manifest */
  label: string
  /** Candidates at or above the line, where the source publishes it beside the line (GP, GA) */
  count?: number | null
}

/** A line a source holds that is not shipped, with the documented reason. */
export interface LineExclusion {
  province: string
  year: number
  source: LineSource
  sourceFile: string
  label: string
  reason: string
}

export interface LineAdapterResult {
  candidates: LineCandidate[]
  excluded: LineExclusion[]
}
