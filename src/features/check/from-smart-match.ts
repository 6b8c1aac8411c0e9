import { badRequest } from '../../errors.js'
import { majorList } from './input.js'
import type { ChoiceInput } from './model/match.js'

/**
 * smart-match's list (`gaokao smart-match --json`, HTTP volunteer/smart-match: the envelope or its `data`) as the
 * check's input: its items in filing order (冲, 稳, 保 by their `index`), each with its school id and name, its group
 * and its majors, 服从调剂 (smart-match lists no choice not accepting it). Of the candidate it carries the rank, the
 * rank year, the batch and the score; smart-match's answer does not say the province nor the subjects, which the
 * caller adds (`gaokao check list.json --province 湖北 --xuanke 物理,化学,生物`).
 */

export interface ListFromFile {
  choices: ChoiceInput[]
  /** The candidate's fields the file carries, as the check's request names them */
  candidate?: Partial<
    Record<'province' | 'batch' | 'rank_year' | 'rank' | 'score' | 'subject' | 'xuanke', string | number>
  >
  /** What reading the table did to the choices' order (file.ts readTable): a list put in its 序号's order */
  notes?: string[]
}

interface SmartMatchItem {
  index?: unknown
  sid?: unknown
  schoolName?: unknown
  sg_name?: unknown
  zyList?: unknown
}

const dataOf = (json: unknown): Record<string, unknown> | undefined => {
  if (!json || typeof json !== 'object') return undefined
  const o = json as Record<string, unknown>
  if (o.zyb_data && typeof o.zyb_data === 'object') return o
  if (o.data && typeof o.data === 'object') return dataOf(o.data)
  return undefined
}

/** Whether a parsed JSON is smart-match's answer (its envelope or its data). */
export function isSmartMatchOutput(json: unknown): boolean {
  return dataOf(json) !== undefined
}

export function checkInputFromSmartMatch(json: unknown): ListFromFile {
  const data = dataOf(json)
  const zyb = (data?.zyb_data as { zybData?: Record<string, unknown> } | undefined)?.zybData
  if (!data || !zyb) throw badRequest('不是 smart-match 的输出: 缺少 zyb_data.zybData')
  const items: SmartMatchItem[] = []
  for (const tier of ['chong', 'wen', 'bao'])
    for (const item of Array.isArray(zyb[tier]) ? (zyb[tier] as unknown[]) : [])
      if (item && typeof item === 'object') items.push(item as SmartMatchItem)
  const order = (x: SmartMatchItem) => (typeof x.index === 'number' ? x.index : Number.MAX_SAFE_INTEGER)
  const choices = items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => order(a.item) - order(b.item) || a.i - b.i)
    .map(
      ({ item }): ChoiceInput => ({
        ...(typeof item.schoolName === 'string' && item.schoolName ? { school: item.schoolName } : {}),
        ...(typeof item.sid === 'number' ? { schoolId: item.sid } : {}),
        ...(typeof item.sg_name === 'string' && item.sg_name ? { group: item.sg_name } : {}),
        majors: majorList(item.zyList),
        tiaoji: true,
      }),
    )
    .filter((c) => c.school !== undefined || c.schoolId !== undefined)
  if (choices.length === 0) throw badRequest('smart-match 的输出中没有志愿')
  const c = (data.candidate ?? {}) as Record<string, unknown>
  const rule = (data.zyb_rule ?? {}) as Record<string, unknown>
  const candidate: NonNullable<ListFromFile['candidate']> = {}
  if (typeof c.rank_year === 'number') candidate.rank_year = c.rank_year
  if (typeof c.rank === 'number') candidate.rank = c.rank
  if (typeof c.score === 'number') candidate.score = c.score
  if (typeof rule.batchName === 'string') candidate.batch = rule.batchName
  if (typeof c.category === 'string') candidate.subject = c.category
  return { choices, candidate }
}
