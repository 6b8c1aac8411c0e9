import type { ExamMode } from '../../../domain/provinces.js'

/**
 * The candidate's subjects and the subject requirements (选科要求, `sg_infos`) of an option.
 *
 * A requirement is read as a conjunction of clauses, each clause a set of subjects of which the candidate must
 * have chosen at least one ("物理和(化学或生物)" = [[物理], [化学, 生物]]), plus an optional first choice for
 * 3+1+2 provinces. The parser accepts the normalized forms the plans builder writes and the raw forms public
 * sources use:
 *
 * | requirement text                              | reads as                              |
 * | --------------------------------------------- | ------------------------------------- |
 * | '', null, 不限, 不提科目要求, 无, 首选物理,再选不限 | no clause                             |
 * | 首选物理,再选化学                                | first 物理; [[化学]]                   |
 * | 首选物理,再选化学和生物 / 物理+化学+生物 / 物化生   | [[物理], [化学], [生物]] (all required) |
 * | 物理和(化学或生物)                              | [[物理], [化学, 生物]]                  |
 * | 物理或化学 / 物理/化学 / 选考物理或化学 / 物、化(选考一门即可) | [[物理, 化学]] (any one)     |
 * | 化学、生物(均须选考)                            | [[化学], [生物]]                        |
 *
 * `和 + 、 , ， ; ；及 与 &` join clauses (all required); `或 /` join the subjects of one clause; brackets group;
 * "选考一门即可 / 任选一门 / 之一" turn the whole text into one any-one clause. A text naming no subject at all
 * (a group code, 传统理工) gives no clause: the tool does not exclude an option on a requirement it cannot read.
 */

export const SUBJECTS = ['物理', '历史', '化学', '生物', '政治', '地理', '技术'] as const
export type Subject = (typeof SUBJECTS)[number]

/** Longest spellings first, so that 生物学 is read before 生物 and 思想政治 before 政治. */
const SPELLINGS: readonly [string, Subject][] = [
  ['思想政治', '政治'],
  ['生物学', '生物'],
  ['通用技术', '技术'],
  ['信息技术', '技术'],
  ['物理', '物理'],
  ['历史', '历史'],
  ['化学', '化学'],
  ['生物', '生物'],
  ['政治', '政治'],
  ['思政', '政治'],
  ['地理', '地理'],
  ['技术', '技术'],
  ['物', '物理'],
  ['史', '历史'],
  ['历', '历史'],
  ['化', '化学'],
  ['生', '生物'],
  ['政', '政治'],
  ['地', '地理'],
]

/** The subjects named in a text, in order of appearance, without repeats. */
export function subjectsIn(text: string): Subject[] {
  const found: Subject[] = []
  let i = 0
  while (i < text.length) {
    const hit = SPELLINGS.find(([spelling]) => text.startsWith(spelling, i))
    if (hit) {
      if (!found.includes(hit[1])) found.push(hit[1])
      i += hit[0].length
    } else i++
  }
  return found
}

/**
 * What is wrong with a candidate's own subject list (`物理,化学,生物`; `物化生` and 、，; / + separators too), or
 * undefined: a piece that names no subject (`物理,化学,xyz` was read as 物理,化学), a subject twice, more than three.
 * Requirements are read leniently (subjectsIn); a candidate's choice is three subjects and nothing else.
 */
export function xuankeProblem(text: string): string | undefined {
  const seen: Subject[] = []
  for (const raw of text.normalize('NFKC').split(/[,、;/+|\s]+/u)) {
    const piece = raw.replace(/^(首选|再选|选考)/u, '')
    if (piece === '') continue
    const subjects = spelledWhole(piece)
    if (!subjects) return `未识别的科目 ${JSON.stringify(raw)}`
    for (const subject of subjects) {
      if (seen.includes(subject)) return `科目 ${subject} 重复`
      seen.push(subject)
    }
  }
  return seen.length > 3 ? `选考科目应为三门, 收到 ${seen.length} 门 (${seen.join(',')})` : undefined
}

/** The subjects a piece spells from end to end (物理, 物化生, 化学生物), or undefined when any of it is no subject. */
function spelledWhole(piece: string): Subject[] | undefined {
  const out: Subject[] = []
  let i = 0
  while (i < piece.length) {
    const hit = SPELLINGS.find(([spelling]) => piece.startsWith(spelling, i))
    if (!hit) return undefined
    out.push(hit[1])
    i += hit[0].length
  }
  return out
}

/** 3+1+2: both first choices among the candidate's subjects, which no candidate can have. */
export function bothFirstChoices(mode: ExamMode, chosen: ReadonlySet<Subject> | null): boolean {
  return mode === '3+1+2' && !!chosen?.has('物理') && chosen.has('历史')
}

export interface Requirement {
  /** 3+1+2: the first choice the option requires (it also fixes the category) */
  first: '物理' | '历史' | null
  /** Every clause must hold; a clause holds when the candidate chose any one of its subjects */
  clauses: Subject[][]
}

export const NO_REQUIREMENT: Requirement = Object.freeze({ first: null, clauses: [] }) as Requirement

const NONE = /不限|不提|无要求|无限制|没有要求|^无$/u
const ANY_ONE = /选考一门|选一门|任选|之一|其中一门/u
const FILLER =
  /\(?(均须选考|必须选考|均需选考|均须|必选|须选|选考一门即可|选考其中一门即可|选考一门|任选一门)\)?|再选|选考|科目|要求|考生|选/gu

/** Parses a requirement text (see the table above); never throws. */
export function parseRequirement(raw: string | null | undefined): Requirement {
  if (raw === null || raw === undefined) return NO_REQUIREMENT
  let text = raw
    .normalize('NFKC')
    .replace(/\s+/gu, '')
    .replace(/[（【[]/gu, '(')
    .replace(/[）】\]]/gu, ')')
  if (text === '' || text === '-' || text === '/' || text === '\\') return NO_REQUIREMENT
  let first: Requirement['first'] = null
  const firstMatch = /首选(物理|历史)(?!或)/u.exec(text)
  if (firstMatch) {
    first = firstMatch[1] as '物理' | '历史'
    text = text.replace(firstMatch[0], '')
  }
  text = text.replace(/首选物理或历史/u, '')
  const anyOne = ANY_ONE.test(text)
  const body = text.replace(FILLER, '')
  if (NONE.test(body) && subjectsIn(body.replace(/不限|不提/gu, '')).length === 0)
    return { first, clauses: [] }
  if (anyOne) {
    const all = subjectsIn(body)
    return { first, clauses: all.length ? [all] : [] }
  }
  const clauses: Subject[][] = []
  for (const part of splitTopLevel(body)) {
    const inner = part.replace(/^\((.*)\)$/u, '$1')
    const subjects = subjectsIn(inner)
    if (subjects.length === 0) continue
    // A part with 或 or / is one any-one clause; 物化 without a separator means both.
    if (/[或/]/u.test(inner)) clauses.push(subjects)
    else for (const s of subjects) clauses.push([s])
  }
  return { first, clauses: simplify(clauses) }
}

/**
 * A requirement text as a comparable key (物理和化学 and 首选物理,再选化学 read alike); undefined when the text is
 * absent or says nothing the parser can read, so that an unknown requirement never counts as a different one.
 */
export function requirementKey(raw: string | null | undefined): string | undefined {
  if (raw === null || raw === undefined || raw.trim() === '') return undefined
  const r = parseRequirement(raw)
  if (r.first === null && r.clauses.length === 0 && !NONE.test(raw)) return undefined
  const clauses = r.clauses.map((c) => [...c].sort().join('/')).sort()
  return `${r.first ?? ''}|${clauses.join('+')}`
}

/** Splits on the "and" separators outside brackets. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = []
  let depth = 0
  let current = ''
  for (const ch of text) {
    if (ch === '(') depth++
    if (ch === ')') depth = Math.max(0, depth - 1)
    if (depth === 0 && /[和+、,，;；及与&*]/u.test(ch)) {
      parts.push(current)
      current = ''
    } else current += ch
  }
  parts.push(current)
  return parts.filter((p) => p !== '')
}

/** A subject required alone makes every other clause naming it redundant; identical clauses merge. */
function simplify(clauses: Subject[][]): Subject[][] {
  const required = new Set(clauses.filter((c) => c.length === 1).map((c) => c[0] as Subject))
  const seen = new Set<string>()
  return clauses.filter((c) => {
    if (c.length > 1 && c.some((s) => required.has(s))) return false
    const key = [...c].sort().join('|')
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/**
 * The candidate's chosen subjects from `xuanke` ("物理,化学,生物"; also 、，+ and spaces, and short forms 物化生).
 * The spec's default `综合` and an empty value mean "not stated": null, and requirements are then not checked.
 */
export function parseXuanke(xuanke: string | null | undefined): Set<Subject> | null {
  if (xuanke === null || xuanke === undefined) return null
  const text = xuanke.normalize('NFKC').trim()
  if (text === '' || text === '综合' || text === '不限') return null
  const subjects = subjectsIn(text)
  return subjects.length ? new Set(subjects) : null
}

/** True when a candidate with these subjects (null: not stated) meets the requirement. */
export function meetsRequirement(req: Requirement, chosen: ReadonlySet<Subject> | null): boolean {
  if (chosen === null) return true
  if (req.first && !chosen.has(req.first) && (chosen.has('物理') || chosen.has('历史'))) return false
  return req.clauses.every((clause) => clause.some((s) => chosen.has(s)))
}

/**
 * The 一分一段 category a candidate belongs to, from the first-choice `subject` and `xuanke`, by the province's
 * exam mode in the rank year: 3+1+2 → 物理类 / 历史类; 文理 → 理科 / 文科; 3+3 → 综合. `理科`/`文科` and
 * `物理类`/`历史类` are accepted as first choices too; `综合` (the default) takes the first choice from xuanke.
 * Undefined when the first choice cannot be told (e.g. 3+1+2 with neither 物理 nor 历史 anywhere).
 */
export function categoryOf(
  mode: ExamMode,
  subject: string | null | undefined,
  chosen: ReadonlySet<Subject> | null,
): string | undefined {
  if (mode === '3+3') return '综合'
  const first = firstChoiceOf(subject, chosen)
  if (!first) return undefined
  if (mode === '3+1+2') return first === '物理' ? '物理类' : '历史类'
  return first === '物理' ? '理科' : '文科'
}

/**
 * A 3+1+2 candidate whose subject names one first choice and whose xuanke holds the other one only (历史 with
 * 物理,化学,生物): the request contradicts itself, and either reading would build a wrong list. Undefined when it
 * does not. (The spec: xuanke "should contain the first-choice subject".)
 */
export function contradictoryFirstChoice(
  mode: ExamMode,
  subject: string | null | undefined,
  chosen: ReadonlySet<Subject> | null,
): { stated: '物理' | '历史'; chosen: '物理' | '历史' } | undefined {
  if (mode !== '3+1+2' || !chosen) return undefined
  const stated = firstChoiceOf(subject, null)
  if (!stated) return undefined
  const other = stated === '物理' ? '历史' : '物理'
  return chosen.has(other) && !chosen.has(stated) ? { stated, chosen: other } : undefined
}

function firstChoiceOf(
  subject: string | null | undefined,
  chosen: ReadonlySet<Subject> | null,
): '物理' | '历史' | undefined {
  const s = (subject ?? '').normalize('NFKC').trim()
  if (/^(物理|物理类|理科|理|理工)$/u.test(s)) return '物理'
  if (/^(历史|历史类|文科|文|文史)$/u.test(s)) return '历史'
  if (s !== '' && s !== '综合') return undefined
  if (chosen?.has('物理') && !chosen.has('历史')) return '物理'
  if (chosen?.has('历史') && !chosen.has('物理')) return '历史'
  return undefined
}

/** The category of the same candidates in a year of another exam mode (物理类 ↔ 理科, 历史类 ↔ 文科). */
export function equivalentCategories(category: string): string[] {
  switch (category) {
    case '物理类':
    case '理科':
      return ['物理类', '理科']
    case '历史类':
    case '文科':
      return ['历史类', '文科']
    default:
      return [category]
  }
}

/** 理科 or 文科 given as xuanke: a 文理 category, which stands for the subject when the request names none. */
export function xuankeCategory(xuanke: string): '理科' | '文科' | undefined {
  const t = xuanke.normalize('NFKC').trim()
  return t === '理科' || t === '文科' ? t : undefined
}
