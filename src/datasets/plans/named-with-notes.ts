import { groupBy } from '../../domain/group-by.js'
import type { MergedRow } from './merge.js'
import { groupKey, majorKey } from './normalize.js'

// One major that two rows name apart by a bracket of notes, joined after the merge.

/**
 * gaokao.cn (CG) gives 2025's plan of a major, LG its 投档 line, and the two name it apart by a bracket of notes:
 * 吉林大学 辽宁 数学类 (CG: 13 places, 5,500 元) and 数学类(数学与应用数学、信息与计算科学、统计学) (LG: 637, rank
 * 3,910); 北京邮电大学 计算机类(元班)(计算机科学与技术、网络空间安全) (LG: 661) and the same with
 * (未来学院“元班”实验班)(一年级在沙河校区)(…) (CG: 6 places). The merge keys a major by its name, so both stood as
 * majors of their own: a 专业+院校 list offered the programme twice, once judged from its line and once from its
 * school's, and the plan never met its line.
 *
 * Two major rows of one school, year, category, batch, plan type and group are one major when one's name is the
 * other's followed only by brackets of notes (isNoteExtended), neither has another such partner, and they are
 * halves or copies of it (pairOf): a plan half (places, no score) and an outcome half from sources that share
 * none, the outcome half staying, whose name the years before and after it use (LG names 2024 alike); or two
 * copies of one line. The row that stays takes the other's places, fee, length, requirement and codes. A bracket
 * that can make a programme of its own (中外合作办学, 师范, a campus, 双学士) is never a note: 旅游管理 and
 * 旅游管理(中外合作办学) stay two.
 */
export function joinMajorsNamedWithNotes(rows: readonly MergedRow[]): { rows: MergedRow[]; joined: number } {
  const unitOf = (m: MergedRow) =>
    `${m.province}|${m.year}|${m.sid}|${m.subjectType}|${m.batchName}|${m.planType}|${m.localBatchName}|${groupKey(m.sgCode)}`
  const units = groupBy(
    rows.filter((m) => m.kind === 'major'),
    unitOf,
  )
  const gone = new Set<MergedRow>()
  for (const list of units.values()) {
    if (list.length < 2) continue
    const pairs: [gone: MergedRow, kept: MergedRow][] = []
    const partners = new Map<MergedRow, number>()
    for (const a of list)
      for (const b of list) {
        if (a === b || !isNoteExtended(majorKey(b.spname), majorKey(a.spname))) continue
        partners.set(a, (partners.get(a) ?? 0) + 1)
        partners.set(b, (partners.get(b) ?? 0) + 1)
        const pair = pairOf(a, b)
        if (pair) pairs.push(pair)
      }
    for (const [from, into] of pairs) {
      if (partners.get(from) !== 1 || partners.get(into) !== 1) continue
      join(into, from)
      gone.add(from)
    }
  }
  return { rows: rows.filter((m) => !gone.has(m)), joined: gone.size }
}

/**
 * The two rows as (the row that goes, the row that stays), or undefined when they are not one major:
 * - a plan half and an outcome half from sources that share none (the outcome half stays);
 * - two copies of one line (the same score, and rank where both have one; the same places where both have them),
 *   as LG gives 重庆大学's 辽宁 工科试验班(计算机与智能软件) at 646 under its name and again with its majors listed:
 *   the one with the plan's places stays, else the shorter name.
 */
function pairOf(a: MergedRow, b: MergedRow): [gone: MergedRow, kept: MergedRow] | undefined {
  const isPlan = (m: MergedRow) => m.num !== null && m.min === null
  const places = (m: MergedRow, other: MergedRow) =>
    m.num === null || other.num === null || m.num === other.num
  if ((a.sources & b.sources) === 0) {
    if (isPlan(a) && b.min !== null && places(a, b)) return [a, b]
    if (isPlan(b) && a.min !== null && places(a, b)) return [b, a]
  }
  const copies =
    a.min !== null &&
    a.min === b.min &&
    (a.minSection === null || b.minSection === null || a.minSection === b.minSection) &&
    places(a, b)
  if (!copies) return undefined
  if (a.num !== null && b.num === null) return [b, a]
  if (b.num !== null && a.num === null) return [a, b]
  return a.spname.length <= b.spname.length ? [b, a] : [a, b]
}

/** The row that stays takes what it lacks of the other's plan (places, fee, length, requirement, codes) and rank. */
function join(kept: MergedRow, gone: MergedRow): void {
  if (kept.num === null) {
    kept.num = gone.num
    kept.numUnverified = gone.numUnverified
  }
  kept.tuition ??= gone.tuition
  kept.length ??= gone.length
  kept.sgInfos ??= gone.sgInfos
  kept.spcode ??= gone.spcode
  kept.majorId ??= gone.majorId
  if (!kept.localSchoolCode) kept.localSchoolCode = gone.localSchoolCode
  if (!kept.localSpcode) kept.localSpcode = gone.localSpcode
  if (kept.minSection === null && gone.minSection !== null) {
    kept.minSection = gone.minSection
    kept.rankDerived = gone.rankDerived
    kept.rankSource = gone.rankSource
  }
  kept.sources |= gone.sources
  kept.contributors = union(kept.contributors, gone.contributors)
}

/** The union of two bit sets kept as doubles (MergedRow.contributors: up to 2^53, beyond bitwise operators) */
function union(a: number, b: number): number {
  let out = 0
  for (let bit = 1; bit <= Math.max(a, b); bit *= 2)
    if (Math.floor(a / bit) % 2 === 1 || Math.floor(b / bit) % 2 === 1) out += bit
  return out
}

/** Whether `long` is `short` (both majorKey'd) followed by one or more brackets of notes, and nothing else. */
export function isNoteExtended(long: string, short: string): boolean {
  if (!long.startsWith(`${short}(`)) return false
  const tail = trailingBrackets(long.slice(short.length))
  return tail?.every((note) => isNote(note, short)) === true
}

/** The contents of the brackets a text is made of ("(a)(b(c))" → a, b(c)), undefined when it is not only that. */
function trailingBrackets(text: string): string[] | undefined {
  const out: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (ch === '(') {
      if (depth === 0) start = i + 1
      depth++
    } else if (ch === ')') {
      depth--
      if (depth < 0) return undefined
      if (depth === 0) out.push(text.slice(start, i))
    } else if (depth === 0) return undefined
  }
  return depth === 0 ? out : undefined
}

/** Words that make a bracket a programme of its own (a fee, a campus, a degree, who may apply), never a note. */
const OWN_PROGRAMME =
  /双学|双学士|中外|合作办学|师范|专项|预科|民族|定向|公费|免费|分校|校区|国际|联合培养|本硕|本博|硕博|贯通|一体化|\d\s*\+\s*\d|年制|少年班|强基|订单|较高收费|高收费|中美|中英|中德|中法|中俄|中澳|中日|中韩|校企|2\+2|3\+1/u
/** A bracket that says what the programme is made of: 含基地班, 包含专业:计算机科学与技术、软件工程 */
const CONTAINS = /^(含|包含|包括|内含|涵盖|专业包括|包含专业)[:：]?/u
/** A bracket about how one programme is taught: where its first year is, what it was chosen for, who it is with */
const ARRANGEMENT =
  /^(一年级|大一|大二|二、三|二三|第一学年|前两年|前一年|入校后|入学后|新生|拥有|入选|合作(院校|高校|大学|方)为?)|(慎重报考|英语教学|英文授课|住宿|报到)$/u

/**
 * A bracket of notes on a programme: its arrangement (一年级在沙河校区, 合作院校为…), what it contains (含基地班, a list
 * of its majors: 数学与应用数学、信息与计算科学), or a repeat of what the name already says (元班 in
 * (元班) … (未来学院“元班”实验班)).
 */
function isNote(note: string, short: string): boolean {
  if (ARRANGEMENT.test(note)) return true
  if (OWN_PROGRAMME.test(note)) return false
  const listed = note.replace(CONTAINS, '')
  if (listed !== note && listed !== '') return true
  const parts = listed.split(/[、,，]/u)
  if (parts.length >= 2 && parts.every((p) => p !== '' && p.length <= 20 && !p.endsWith('班'))) return true
  return [...short.matchAll(/\(([^()]{2,})\)/gu)].some((m) => note.includes(m[1] as string))
}
