/** Shared types of the dataset builder (provinces, score_ranks). */

/** Source ids, as abbreviated in ../shared/data/INVENTORY.md. */
export type SourceId = 'LG' | 'GA' | 'LU' | 'GP' | 'ZQ' | 'LX' | 'IM'

/** One row of a score-to-rank table. A single score has scoreLow === scoreHigh. */
export interface RankRow {
  scoreLow: number
  scoreHigh: number
  /** Candidates in this row (score or band). */
  num: number
  /** Cumulative count: the rank of the last candidate of the row. */
  total: number
}

/** Identifies one table: the key of score_ranks. */
export interface SliceKey {
  province: string
  year: number
  km: string
  level: string
}

/** A table as one source holds it, after normalisation of its labels. */
export interface CandidateTable extends SliceKey {
  source: SourceId
  /** Path of the source file relative to the sources dir (forward slashes). */
  sourceFile: string
  /** The source's own label (category / track / series), for the report. */
  label: string
  /** Documented repairs applied by the adapter or the builder, one line each. */
  repairs: string[]
  rows: RankRow[]
}

/** A table an adapter saw but did not turn into a candidate, with the documented reason. */
export interface Exclusion extends SliceKey {
  source: SourceId
  sourceFile: string
  label: string
  reason: string
}

export interface AdapterResult {
  candidates: CandidateTable[]
  excluded: Exclusion[]
}

export interface SourceAdapter {
  id: SourceId
  /** owner__repo folder name under the sources dir */
  repo: string
  /** Loads every table of this source found under `sourcesDir`; missing files simply yield nothing. */
  load(sourcesDir: string): Promise<AdapterResult>
}

export interface Violation {
  rule: 'rows' | 'seq' | 'descending' | 'overlap' | 'cumulative' | 'range' | 'num' | 'integer'
  /** 1-based row number within the table (0 for table-level violations). */
  seq: number
  message: string
}
