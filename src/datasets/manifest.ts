import type { Column } from '../data/schema.js'
import type { ScoreRanksPlan } from './score-ranks-plan.js'
import { PRIORITY, PRIORITY_RULE, SOURCES } from './sources/index.js'

export interface ManifestColumn {
  name: string
  type: string
  nullable: boolean
}

export interface ManifestSlice {
  province: string
  year: number
  km: string
  level: string
  rows: number
  source: string
  source_file: string
  rule: string
  reason: string
  repairs: string[]
  alternatives: {
    source: string
    source_file: string
    rows: number
    common_scores: number
    agreeing: number
    rejected?: string
  }[]
}

export interface ManifestTable {
  file: string
  rows: number
  sha256: string
  columns: ManifestColumn[]
  slices?: ManifestSlice[]
  excluded?: {
    province: string
    year: number
    km: string
    level: string
    source: string
    source_file: string
    reason: string
  }[]
}

export interface Manifest {
  tables: Record<string, ManifestTable>
  sources: {
    dir: string
    priority: string[]
    priority_rule: string
    repos: { id: string; repo: string; folder: string; licence: string; snapshot: string }[]
  }
}

export const manifestColumns = (specs: readonly Column[]): ManifestColumn[] =>
  specs.map((c) => ({ name: c.name, type: c.type, nullable: c.nullable ?? false }))

export function sourcesSection(): Manifest['sources'] {
  return {
    dir: '../shared/data/sources (see ../shared/data/INVENTORY.md)',
    priority: [...PRIORITY],
    priority_rule: PRIORITY_RULE,
    repos: SOURCES.map((s) => ({
      id: s.id,
      repo: s.repo,
      folder: s.repo.replace('/', '__'),
      licence: s.licence,
      snapshot: s.snapshot,
    })),
  }
}

/** The score_ranks-specific part of its manifest entry: every slice's source and the agreement of the others. */
export function manifestScoreRankSlices(plan: ScoreRanksPlan): Pick<ManifestTable, 'slices' | 'excluded'> {
  return {
    slices: plan.resolutions.map((r) => ({
      province: r.province,
      year: r.year,
      km: r.km,
      level: r.level,
      rows: r.chosen.rows.length,
      source: r.chosen.source,
      source_file: r.chosen.sourceFile,
      rule: r.rule,
      reason: r.reason,
      repairs: r.chosen.repairs,
      alternatives: r.alternatives.map((a) => {
        const alt: ManifestSlice['alternatives'][number] = {
          source: a.source,
          source_file: a.sourceFile,
          rows: a.rows,
          common_scores: a.commonScores,
          agreeing: a.agreeing,
        }
        if (a.rejected) alt.rejected = a.rejected
        return alt
      }),
    })),
    excluded: plan.rejected
      .filter((r) => r.kind === 'excluded')
      .map((r) => ({
        province: r.province,
        year: r.year,
        km: r.km,
        level: r.level,
        source: r.source,
        source_file: r.sourceFile,
        reason: r.reason,
      })),
  }
}

/** JSON with object keys sorted at every level (arrays keep their order), 2-space indent, final newline. */
export function stableJson(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort)
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.keys(v as object)
          .sort()
          .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
      )
    }
    return v
  }
  return `${JSON.stringify(sort(value), null, 2)}\n`
}
