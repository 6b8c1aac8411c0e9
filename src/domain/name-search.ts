/**
 * Finding a school or a major by what people type: its full name, part of it, a common short name (南大, 北航),
 * its pinyin or pinyin initials (nanjingdaxue, njdx), a code or an id. Pure: the entries, and the spelling of
 * a name in pinyin, are given by the caller (src/features/name-search/).
 *
 * Matches rank by how they matched (KIND_RANK: exact, then short name, prefix, substring, pinyin, characters in
 * order), then by the entry's `order` (popularity: the hotter first), then by the shorter name, then by id.
 */

export interface NameEntry {
  /** What an endpoint takes for it: the sid, the major_id */
  id: number
  name: string
  /** Common short names (南大), exact words */
  aliases: readonly string[]
  /** Codes typed as they are: the national 院校代码 and MOE code, a major's catalogue code */
  codes: readonly string[]
  /** Smaller first among matches of the same kind: the popularity order */
  order: number
}

export type MatchKind =
  | 'id'
  | 'code'
  | 'name'
  | 'alias'
  | 'prefix'
  | 'substring'
  | 'pinyin'
  | 'pinyin-prefix'
  | 'in-order'

/** Lower is better. An id, a code and the full name are exact: the value an endpoint takes as it is. */
export const KIND_RANK: Readonly<Record<MatchKind, number>> = {
  id: 0,
  code: 0,
  name: 0,
  alias: 1,
  prefix: 2,
  substring: 3,
  pinyin: 4,
  'pinyin-prefix': 5,
  'in-order': 6,
}

/** How each kind is said in a table or a note (Chinese: users read it). */
export const KIND_LABEL: Readonly<Record<MatchKind, string>> = {
  id: 'ID',
  code: '代码',
  name: '全称',
  alias: '简称',
  prefix: '开头',
  substring: '包含',
  pinyin: '拼音',
  'pinyin-prefix': '拼音开头',
  'in-order': '依次包含',
}

export interface NameMatch<E extends NameEntry> {
  entry: E
  kind: MatchKind
  /** The text that matched: the alias, the code, the name */
  via: string
}

/** A name in pinyin: the syllables run together (nanjingdaxue) and their first letters (njdx). */
export interface Spelling {
  full: string
  initials: string
}

export interface SearchOptions {
  /** The pinyin of a name or alias; without it, pinyin is not searched */
  spell?: (text: string) => Spelling
  /** Whether the pinyin query can begin a text's pinyin: a cheap test that spares spelling every name */
  couldBegin?: (text: string, query: string) => boolean
  /** Codes match by their beginning too (0809 → the majors of 专业类 0809) */
  codePrefix?: boolean
}

/**
 * The form in which names are compared: NFKC (full-width letters and brackets to ASCII), without spaces and
 * punctuation, Latin letters in lower case. 哈尔滨工业大学（深圳） → 哈尔滨工业大学深圳.
 */
export function normalizeName(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s()[\]{}<>（）【】《》〈〉「」『』·・.,，、:：;；'"‘’“”\-_/\\|]+/gu, '')
}

const HAN = /\p{Script=Han}/u
const PINYIN_QUERY = /^[a-z]{2,}$/u

/** Whether a query can be pinyin (two letters or more, nothing else): only then is pinyin searched. */
export const isPinyinQuery = (query: string): boolean => PINYIN_QUERY.test(normalizeName(query))
const DIGITS = /^\d+$/u

/** Every character of `query` in `text`, in order (哈工深 in 哈尔滨工业大学深圳). */
function inOrder(query: string, text: string): boolean {
  let at = 0
  for (const ch of query) {
    const found = text.indexOf(ch, at)
    if (found < 0) return false
    at = found + ch.length
  }
  return true
}

interface Normalized {
  name: string
  aliases: { alias: string; norm: string }[]
  codes: string[]
}

/** An entry's names and codes in the form compared, worked out once per entry (a search reads 3,000 of them). */
const normalized = new WeakMap<NameEntry, Normalized>()

function normalOf(entry: NameEntry): Normalized {
  let n = normalized.get(entry)
  if (!n) {
    n = {
      name: normalizeName(entry.name),
      aliases: entry.aliases.map((a) => ({ alias: a, norm: normalizeName(a) })),
      codes: entry.codes.map((c) => c.toUpperCase()),
    }
    normalized.set(entry, n)
  }
  return n
}

/** The best way one entry matches the (normalized) query, if any. */
function matchOne<E extends NameEntry>(
  q: string,
  upper: string,
  entry: E,
  opts: SearchOptions,
): NameMatch<E> | undefined {
  const { name, aliases, codes } = normalOf(entry)
  if (DIGITS.test(q) && String(entry.id) === q) return { entry, kind: 'id', via: q }
  const code = codes.indexOf(upper)
  if (code >= 0) return { entry, kind: 'code', via: entry.codes[code] as string }
  if (name === q) return { entry, kind: 'name', via: entry.name }
  const alias = aliases.find((a) => a.norm === q)
  if (alias) return { entry, kind: 'alias', via: alias.alias }
  if (name.startsWith(q)) return { entry, kind: 'prefix', via: entry.name }
  const aliasPrefix = aliases.find((a) => a.norm.startsWith(q))
  if (aliasPrefix) return { entry, kind: 'prefix', via: aliasPrefix.alias }
  if (opts.codePrefix && q.length >= 2) {
    const byCode = codes.findIndex((c) => c.startsWith(upper))
    if (byCode >= 0) return { entry, kind: 'prefix', via: entry.codes[byCode] as string }
  }
  if (name.includes(q)) return { entry, kind: 'substring', via: entry.name }
  const aliasPart = aliases.find((a) => a.norm.includes(q))
  if (aliasPart) return { entry, kind: 'substring', via: aliasPart.alias }
  if (PINYIN_QUERY.test(q) && opts.spell) {
    const spelled = pinyinMatch(q, [entry.name, ...entry.aliases], opts)
    if (spelled) return { entry, ...spelled }
  }
  if (HAN.test(q) && [...q].length >= 2 && inOrder(q, name))
    return { entry, kind: 'in-order', via: entry.name }
  return undefined
}

/** A pinyin query against a name and its aliases: whole (full or initials) before a beginning. */
function pinyinMatch(
  q: string,
  texts: readonly string[],
  opts: SearchOptions,
): { kind: 'pinyin' | 'pinyin-prefix'; via: string } | undefined {
  const spell = opts.spell as (text: string) => Spelling
  let prefix: string | undefined
  for (const text of texts) {
    if (opts.couldBegin && !opts.couldBegin(text, q)) continue
    const { full, initials } = spell(text)
    if (full === q || initials === q) return { kind: 'pinyin', via: text }
    if (prefix === undefined && (full.startsWith(q) || initials.startsWith(q))) prefix = text
  }
  return prefix === undefined ? undefined : { kind: 'pinyin-prefix', via: prefix }
}

/** Every entry the query finds, best first (see the module comment for the order). */
export function searchNames<E extends NameEntry>(
  query: string,
  entries: readonly E[],
  opts: SearchOptions = {},
): NameMatch<E>[] {
  const q = normalizeName(query)
  if (q === '') return []
  // Codes compare as typed but for case and width (020109T, ０８０９０１)
  const upper = query.normalize('NFKC').trim().toUpperCase()
  const found: NameMatch<E>[] = []
  for (const entry of entries) {
    const m = matchOne(q, upper, entry, opts)
    if (m) found.push(m)
  }
  return found.sort(
    (a, b) =>
      KIND_RANK[a.kind] - KIND_RANK[b.kind] ||
      a.entry.order - b.entry.order ||
      [...a.entry.name].length - [...b.entry.name].length ||
      a.entry.id - b.entry.id,
  )
}

export type Resolution<E extends NameEntry> =
  | { found: 'one'; match: NameMatch<E> }
  | { found: 'many'; matches: NameMatch<E>[] }
  | { found: 'none' }

/**
 * Whether the matches name one entry clearly: the only one of the best kind, or the first of the best kind when
 * the others of that kind carry its name within theirs (南京大 → 南京大学 before 南京大学金陵学院; 哈尔滨工业 → 哈尔滨
 * 工业大学 before its 深圳 and 威海 campuses; a major name shared by 本科 and 专科). Else the best kind's matches,
 * for the user to choose from.
 */
export function resolveMatches<E extends NameEntry>(matches: readonly NameMatch<E>[]): Resolution<E> {
  const first = matches[0]
  if (!first) return { found: 'none' }
  const tied = matches.filter((m) => KIND_RANK[m.kind] === KIND_RANK[first.kind])
  const own = normalizeName(first.entry.name)
  if (tied.every((m) => m === first || normalizeName(m.entry.name).includes(own)))
    return { found: 'one', match: first }
  return { found: 'many', matches: tied }
}

/** Whether a match is the entry's own exact form (an id, a code, the full name): nothing to say about it. */
export const isExact = (m: NameMatch<NameEntry>): boolean => KIND_RANK[m.kind] === 0
