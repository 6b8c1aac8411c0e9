export type MajorLevel = '本科' | '本科(职业教育)' | '专科'

/** One row of the `majors` table, in the order of SCHEMA.majors (see src/data/schema.ts). */
export interface MajorRow {
  major_id: number
  code: string
  name: string
  category: string
  class_name: string
  level: MajorLevel
  length: string | null
  degree: string | null
  salary: number | null
  salary_5y: number | null
  rating: number | null
  ranking: number | null
  hot_num: number | null
  provenance: 'real' | 'derived' | 'synthetic'
  source: string
  /** Other catalogue codes of the same major (not a column): the 2025 codes of majors the 2026 catalogue renumbered */
  former_codes?: readonly string[]
}
