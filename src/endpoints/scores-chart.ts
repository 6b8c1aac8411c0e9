import { isEarlierScale } from '../domain/score-scale.js'
import type { LinesChart } from './chart-view.js'
import type { SchoolInfo } from './queries/schools.js'
import type { TrendPoint } from './queries/score-trends.js'
import { scaleMarks } from './score-scale-note.js'

const MAX_SERIES = 6
/** The main categories first, as 4.7's representative row takes them */
const CATEGORY_ORDER = ['物理类', '理科', '综合', '历史类', '文科']

/**
 * `scores --chart`: the lowest ordinary score of each school (and category) over the years under the filter, the
 * hottest schools first. Scores of two provinces are on two scales, so lines are drawn for one province only.
 */
export function scoresChart(
  points: readonly TrendPoint[],
  schools: ReadonlyMap<number, SchoolInfo>,
): LinesChart {
  const title = '历年最低分走势 (各校普通类最低分, 不含专项计划)'
  const provinces = [...new Set(points.map((p) => p.province))]
  if (provinces.length > 1)
    return {
      kind: 'lines',
      title,
      x: [],
      series: [],
      footer: '画线请加 --province: 各省分数不能放在一起比较',
    }
  const province = provinces[0]
  const lines = new Map<string, { sid: number; school: string; subject: string; at: Map<number, number> }>()
  for (const p of points) {
    const key = `${p.sid}|${p.subject_type}`
    const line = lines.get(key) ?? {
      sid: p.sid,
      school: p.school_name,
      subject: p.subject_type,
      at: new Map(),
    }
    line.at.set(p.year, p.lo)
    lines.set(key, line)
  }
  const rankOf = (subject: string) => {
    const i = CATEGORY_ORDER.indexOf(subject)
    return i < 0 ? CATEGORY_ORDER.length : i
  }
  const hot = (sid: number) => schools.get(sid)?.hot ?? Number.MAX_SAFE_INTEGER
  const drawable = [...lines.values()]
    .filter((l) => l.at.size >= 2)
    .sort((a, b) => hot(a.sid) - hot(b.sid) || a.sid - b.sid || rankOf(a.subject) - rankOf(b.subject))
  const shown = drawable.slice(0, MAX_SERIES)
  const years = [...new Set(shown.flatMap((l) => [...l.at.keys()]))].sort((a, b) => a - b)
  const more = drawable.length - shown.length
  const footer = [
    more > 0 ? `另有 ${more} 条线未画 (用 --school-name 或 --subject-type 缩小范围)` : undefined,
    scaleMarks(years.map((year) => ({ province, year }))).footer,
  ].filter(Boolean)
  return {
    kind: 'lines',
    title: `${title}${province ? ` · ${province}` : ''}`,
    x: years,
    series: shown.map((l) => ({
      name: `${l.school} ${l.subject}`,
      values: years.map((y) => l.at.get(y) ?? null),
    })),
    markedX: province ? years.filter((y) => isEarlierScale(province, y)) : [],
    ...(footer.length ? { footer: footer.join('\n') } : {}),
  }
}
