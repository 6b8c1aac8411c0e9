import RAW from './school-aliases.json' with { type: 'json' }

/**
 * The common short names of schools (南大, 北航, 哈工深): facts written by hand into school-aliases.json, keyed by
 * the school's name as the schools table spells it, the name people use most first. Every school among the 200
 * hottest has one (test/datasets/school-search-shipped.test.ts checks the names against the shipped table). A
 * short name may belong to several schools (东大: 东南大学 and 东北大学): such a name is asked about, never guessed.
 * The file is imported, not read, so that the single executable (scripts/package-sea.mjs) carries it.
 */
function loaded(raw: unknown): ReadonlyMap<string, readonly string[]> {
  const fail = (why: string): never => {
    throw new Error(`src/features/name-search/school-aliases.json: ${why}`)
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) fail('应为 {院校名称: [简称, ...]}')
  const out = new Map<string, readonly string[]>()
  for (const [name, aliases] of Object.entries(raw as Record<string, unknown>)) {
    if (!Array.isArray(aliases) || aliases.some((a) => typeof a !== 'string' || a.trim() === ''))
      fail(`${name}: 简称应为非空字符串的数组`)
    out.set(name, aliases as string[])
  }
  return out
}

export const SCHOOL_ALIASES: ReadonlyMap<string, readonly string[]> = loaded(RAW)
