import type { ListFromFile } from './from-smart-match.js'

/**
 * The candidate of a workbook smart-match wrote (`gaokao smart-match … --out 志愿表.xlsx`, src/features/smart-match/
 * workbook.ts): its second sheet, `… · 说明`, says the province, category, 选科, score, rank, batch and rank year in
 * rows of 项目 and 内容. A family that edits the 志愿表 sheet (drops a choice, reorders) checks it with
 * `gaokao check 志愿表.xlsx` and no flags; flags beside the file still win. Undefined for any other sheet.
 */
export function workbookCandidate(rows: readonly (readonly unknown[])[]): ListFromFile['candidate'] {
  const title = rows[0]?.[0]
  if (typeof title !== 'string' || !title.startsWith('志愿表') || !title.endsWith('· 说明')) return undefined
  const value = (label: string): string | undefined => {
    const row = rows.find((r) => r[0] === label)
    return typeof row?.[1] === 'string' || typeof row?.[1] === 'number' ? String(row[1]).trim() : undefined
  }
  // `14274 (由分数在 2025 年一分一段表中查得 …)`: the number it opens with
  const leadingInt = (text: string | undefined) => {
    const n = /^\d+/u.exec(text ?? '')?.[0]
    return n === undefined ? undefined : Number(n)
  }
  // `物理类 (首选科目: 物理)`, `本科批 (2025 年物理类控制线 426 分)`: the words before the note
  const leadingWord = (text: string | undefined) => /^[^\s(（;；]+/u.exec(text ?? '')?.[0]
  const candidate: NonNullable<ListFromFile['candidate']> = {}
  const province = value('省份')
  if (province) candidate.province = province
  const subject = leadingWord(value('科类'))
  if (subject) candidate.subject = subject
  // `物理+化学+生物`; a note instead (未填写, 文理分科) says there is none to pass on
  const xuanke = value('选科')
  if (xuanke && /^[\p{Script=Han}]+(\+[\p{Script=Han}]+)+$/u.test(xuanke))
    candidate.xuanke = xuanke.replaceAll('+', ',')
  const score = leadingInt(value('分数'))
  if (score !== undefined) candidate.score = score
  const rank = leadingInt(value('位次'))
  if (rank !== undefined) candidate.rank = rank
  const batch = leadingWord(value('批次'))
  if (batch) candidate.batch = batch
  const year = leadingInt(value('位次年份'))
  if (year !== undefined) candidate.rank_year = year
  return candidate
}
