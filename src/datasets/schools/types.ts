/** One row of the `schools` table, in the order of SCHEMA.schools (see src/data/schema.ts). */
export interface SchoolRow {
  sid: number
  code: string
  moe_code: string | null
  name: string
  province: string
  city: string | null
  level_name: '普通本科' | '专科(高职)'
  type_name: string | null
  nature_name: string | null
  belong: string | null
  f985: 0 | 985
  f211: 0 | 211
  dual_class: 0 | 1
  logo: string
  hot: number
  zybw: 0 | 1
  qjjh: 0 | 1
  sgjh: 0 | 1
  provenance: 'real' | 'derived' | 'synthetic'
  source: string
  /**
   * Other names the school is published under (not a column): the MOE 2025 name when gaokao.cn has renamed it,
   * and the names of the gaokao.cn entries folded into it (former or merged schools). Used by the matcher.
   */
  aliases?: readonly string[]
}
