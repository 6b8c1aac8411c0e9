/** Types of the volunteer_rules builder. */

/** One batch a RULES.md row defines (or marks unknown). */
export interface RuleBatch {
  /** batch_name: the name smart-match / plans clients use */
  batch: string
  /** The row's own batch name ('' for unknown entries) */
  local: string
  /** Years the row states (ranges it calls "same" expanded) */
  years: number[]
  volunteerType?: 1 | 2 | 3
  volunteerNumMax?: number
  majorNumMax?: number
  /** How the row was read (year cell, caveats) */
  note?: string
  /** Set when the row marks this batch and these years `?`: no rule, and no other evidence fills them */
  unknown?: string
}

/** One row of the RULES.md table: the eleven cells verbatim, and its reading. */
export interface RulesRow {
  cells: readonly [string, string, string, string, string, string, string, string, string, string, string]
  batches: readonly RuleBatch[]
}

/** One rule of the output, before it becomes a row. */
export interface VolunteerRule {
  province: string
  year: number
  batchName: string
  localBatchName: string
  subjectsType: 1 | 2 | 3
  scoreMax: number
  volunteerType: 1 | 2 | 3
  volunteerNumMax: number
  majorNumMax: number
  provenance: 'real' | 'derived'
  source: string
  note: string
}
