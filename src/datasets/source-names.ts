import { z } from 'zod'
import { once, readJson } from './data-files.js'

/**
 * The one table of source names (source-names.json): what each source code of a `source` column stands for, so
 * that the terminal names `LG 60.2%` in full (a legend under `datasets info`) instead of leaving it to a
 * developer's README. The builders' own source lists (sources/index.ts, plans/sources/index.ts) must agree with it
 * (test/datasets/source-names.test.ts).
 */

const FILE = 'src/datasets/source-names.json'

const SCHEMA = z.object({
  about: z.string(),
  sources: z.record(z.string(), z.object({ repo: z.string(), name: z.string().min(1) })),
  patterns: z.array(z.object({ pattern: z.string(), code: z.string(), name: z.string().min(1) })),
})

export type SourceNames = z.output<typeof SCHEMA>

export const sourceNames = once((): SourceNames => readJson(FILE, SCHEMA))

/** One legend entry: the code as written (or its pattern, P-<省><序号>), the repository and what it holds. */
export interface SourceName {
  code: string
  repo: string
  name: string
}

/**
 * The codes a `source` cell names, in order, each once: `score_ranks:LG; score_lines:GP,IM` → LG, GP, IM;
 * `employment-synth/1 seed=… + TK + FX` → employment-synth/1, TK, FX. Words that are no code (file paths, notes)
 * are skipped.
 */
export function sourceCodes(cell: string): SourceName[] {
  const names = sourceNames()
  const out = new Map<string, SourceName>()
  for (const token of cell.split(/[\s,;:+()（）]+/u)) {
    const known = Object.hasOwn(names.sources, token) ? names.sources[token] : undefined
    if (known) {
      if (!out.has(token)) out.set(token, { code: token, ...known })
      continue
    }
    const pattern = names.patterns.find((p) => new RegExp(p.pattern, 'u').test(token))
    if (pattern && !out.has(pattern.code))
      out.set(pattern.code, { code: pattern.code, repo: '', name: pattern.name })
  }
  return [...out.values()]
}

/** The legend of the codes the cells name, each once, in the order first named: `LG = 志愿… (liuguanghui0226/…)`. */
export function sourceLegend(cells: readonly string[]): string[] {
  const seen = new Map<string, SourceName>()
  for (const cell of cells) for (const s of sourceCodes(cell)) if (!seen.has(s.code)) seen.set(s.code, s)
  return [...seen.values()].map((s) => `${s.code} = ${s.name}${s.repo ? ` (${s.repo})` : ''}`)
}
