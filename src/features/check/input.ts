import { badRequest } from '../../errors.js'
import type { ChoiceInput } from './model/match.js'

/**
 * The list as a request sends it (`choices`): an array of choices (objects), the same array as JSON text (the CLI
 * has no nested flags), or one line of text a counsellor can type: choices separated by `,` `;` `，` `；` or new lines,
 * each `院校/专业组/专业+专业/调剂`, fields by position, empty ones allowed:
 *
 *   楚天测试大学/01/计算机科学与技术+电子信息工程/不调剂,江汉测试大学/01
 *   巴渝测试大学//软件工程
 *
 * An object names its fields in English as the JSON of smart-match does, or in Chinese as a spreadsheet's header
 * would (院校, 专业组, 专业, 调剂).
 */

/** At most this many choices: the largest rule (辽宁 112) with room to spare; a longer list is refused, not cut. */
export const MAX_CHOICES = 200
export const MAX_MAJORS = 20

const SCHOOL_KEYS = ['school', 'school_name', 'schoolName', '院校', '院校名称', '学校', '学校名称']
/** A school's code: the school itself when no name is given, else checked against the name (school-names.ts) */
const CODE_KEYS = ['院校代码', 'school_code', 'schoolCode']
/** The province's own 院校代号 (湖北 A143, 江苏 5202): likewise the school, or checked against the name */
const LOCAL_CODE_KEYS = ['院校代号', 'local_school_code', 'localSchoolCode', 'localCode']
const ID_KEYS = ['school_id', 'schoolId', 'sid']
const GROUP_KEYS = [
  'group',
  'sg_name',
  'group_code',
  '专业组',
  '专业组代码',
  '专业组代号',
  '院校专业组',
  '院校专业组代码',
  '院校专业组代号',
]
const MAJOR_KEYS = ['majors', 'major', 'zyList', '专业', '专业名称']
/** The majors' 专业代号, in their order (a major with no name given is its code) */
const MAJOR_CODE_KEYS = ['major_codes', 'majorCodes', 'local_sp_codes', '专业代号']
const TIAOJI_KEYS = ['tiaoji', 'adjust', '调剂', '服从调剂', '是否服从调剂', '专业调剂']

/** 是 / 否 in the ways forms and spreadsheets write them; undefined when blank or unreadable. */
export function yesNo(value: unknown): boolean | undefined {
  if (value === true || value === 1) return true
  if (value === false || value === 0) return false
  if (typeof value !== 'string') return undefined
  const t = value.normalize('NFKC').trim().toLowerCase()
  if (['是', '服从', '服从调剂', '调剂', 'y', 'yes', 'true', '1', '√', '同意'].includes(t)) return true
  if (['否', '不服从', '不服从调剂', '不调剂', 'n', 'no', 'false', '0', '×', '不同意'].includes(t))
    return false
  return undefined
}

const OPENING = new Set(['(', '（', '[', '【'])
const CLOSING = new Set([')', '）', ']', '】'])
/** Where majors are written in one text: 计算机+软件工程, 计算机、软件工程, one per line ... */
export const MAJOR_SEPARATORS = '+、,，;；/|\n'

/**
 * One text of majors split at `separators`, but never inside brackets: a major's own name may hold one
 * (数字经济(数字经济+人工智能双学士学位项目) is one major), and a 志愿表 written back from smart-match's workbook has it so.
 */
export function splitMajors(text: string, separators = MAJOR_SEPARATORS): string[] {
  const out: string[] = []
  let depth = 0
  let current = ''
  const chars = [...text]
  for (const [i, ch] of chars.entries()) {
    if (OPENING.has(ch)) depth++
    else if (CLOSING.has(ch)) depth = Math.max(0, depth - 1)
    // a + between digits is a programme's name (临床医学5+3, 本硕博 3+1+4), not two majors
    const inName = ch === '+' && /\d/u.test(chars[i - 1] ?? '') && /\d/u.test(chars[i + 1] ?? '')
    if (depth === 0 && separators.includes(ch) && !inName) {
      out.push(current)
      current = ''
    } else current += ch
  }
  out.push(current)
  return out.map((m) => m.trim()).filter((m) => m !== '')
}

/** Major names from an array (strings, or smart-match's {zyName}) or one text with separators. */
export function majorList(value: unknown): string[] {
  const names = Array.isArray(value)
    ? value.map((v) => (v && typeof v === 'object' ? (v as { zyName?: unknown }).zyName : v))
    : typeof value === 'string'
      ? splitMajors(value)
      : []
  return names
    .filter((v) => typeof v === 'string' || typeof v === 'number')
    .map((v) => String(v).trim())
    .filter((v) => v !== '')
}

const pick = (o: Record<string, unknown>, keys: readonly string[]) => {
  for (const k of keys) if (o[k] !== undefined && o[k] !== null && o[k] !== '') return o[k]
  return undefined
}

/** One choice from an object; undefined when it names no school. */
export function choiceOf(o: Record<string, unknown>): ChoiceInput | undefined {
  const text = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' ? String(value).trim() || undefined : undefined
  const id = pick(o, ID_KEYS)
  const schoolId =
    typeof id === 'number' || (typeof id === 'string' && /^\d+$/u.test(id.trim())) ? Number(id) : undefined
  const name = text(pick(o, SCHOOL_KEYS))
  const code = text(pick(o, CODE_KEYS))
  const local = text(pick(o, LOCAL_CODE_KEYS))
  const group = pick(o, GROUP_KEYS)
  // 湖北's 院校专业组代码 alone says the school too (A14305): school-names.ts splits it
  const groupCode = text(group)
  const wholeCode =
    groupCode && /^[A-Za-z]?\d{4,}$/u.test(groupCode.normalize('NFKC')) ? groupCode : undefined
  const schoolText = name ?? code ?? local ?? (schoolId === undefined ? wholeCode : undefined)
  if (!schoolText && schoolId === undefined) return undefined
  const tiaoji = yesNo(pick(o, TIAOJI_KEYS))
  return {
    ...(schoolText ? { school: schoolText } : {}),
    ...(name && code ? { schoolCode: code } : {}),
    ...((name || code) && local ? { localCode: local } : {}),
    ...(schoolId === undefined ? {} : { schoolId }),
    ...(typeof group === 'string' || typeof group === 'number' ? { group: String(group).trim() } : {}),
    ...majorsWithCodes(majorList(pick(o, MAJOR_KEYS)), codeList(pick(o, MAJOR_CODE_KEYS))),
    ...(tiaoji === undefined ? {} : { tiaoji }),
  }
}

/** 专业代号 from an array (blanks kept: they hold the place of a major without one) or one text with separators. */
function codeList(value: unknown): string[] {
  if (!Array.isArray(value)) return majorList(value)
  return value.map((v) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : ''))
}

/**
 * The majors and their 专业代号, in one order: codes beside names go with them by position (smart-match's
 * workbook writes 01、03、05 for 专业1 … 专业3, and ? for a major it has no code of); codes without names are the
 * majors (a form's codes, the names left blank).
 */
export function majorsWithCodes(
  names: readonly string[],
  codes: readonly string[],
): { majors: string[]; majorCodes?: string[] } {
  const clean = codes.map((c) => (/^[?？]$/u.test(c.trim()) ? '' : c.trim()))
  if (names.length === 0 && clean.some((c) => c !== '')) {
    const only = clean.filter((c) => c !== '')
    return { majors: only, majorCodes: only }
  }
  if (!clean.some((c) => c !== '')) return { majors: [...names] }
  return { majors: [...names], majorCodes: names.map((_, k) => clean[k] ?? '') }
}

/** `院校/专业组/专业+专业/调剂` */
function choiceOfText(text: string): ChoiceInput | undefined {
  const [school = '', group = '', majors = '', tiaoji = ''] = text.split('/').map((x) => x.trim())
  if (school === '') return undefined
  const t = yesNo(tiaoji)
  return {
    school,
    ...(group ? { group } : {}),
    majors: splitMajors(majors, '+、'),
    ...(t === undefined ? {} : { tiaoji: t }),
  }
}

/** The `choices` field of a request, checked; a 400 naming the field and the choice when it cannot be read. */
export function parseChoices(value: unknown): ChoiceInput[] {
  if (value === undefined || value === null || value === '') throw badRequest('参数 choices 无效: 不能为空')
  let items: unknown[]
  if (typeof value === 'string') {
    const text = value.trim()
    if (text.startsWith('[') || text.startsWith('{')) {
      let parsed: unknown
      try {
        parsed = JSON.parse(text)
      } catch {
        throw badRequest('参数 choices 无效: 不是合法的 JSON')
      }
      return parseChoices(Array.isArray(parsed) ? parsed : (parsed as { choices?: unknown })?.choices)
    }
    items = text.split(/[,;，；\n]/u).filter((x) => x.trim() !== '')
  } else if (Array.isArray(value)) items = value
  else throw badRequest('参数 choices 无效: 应为志愿数组')
  if (items.length === 0) throw badRequest('参数 choices 无效: 志愿表是空的')
  if (items.length > MAX_CHOICES)
    throw badRequest(`参数 choices 无效: 最多 ${MAX_CHOICES} 个志愿, 收到 ${items.length} 个`)
  return items.map((item, i) => {
    const choice =
      typeof item === 'string'
        ? choiceOfText(item)
        : item && typeof item === 'object' && !Array.isArray(item)
          ? choiceOf(item as Record<string, unknown>)
          : undefined
    if (!choice) throw badRequest(`参数 choices 无效: 第 ${i + 1} 个志愿没有院校`)
    if ((choice.majors?.length ?? 0) > MAX_MAJORS)
      throw badRequest(`参数 choices 无效: 第 ${i + 1} 个志愿的专业超过 ${MAX_MAJORS} 个`)
    return choice
  })
}
