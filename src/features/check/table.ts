import type { TableView } from '../../endpoints/define.js'
import { shownChance } from '../smart-match/model/calibration.js'
import { TIER_FROM } from './model/tiers.js'
import type { CheckData, CheckedChoice } from './run.js'

/** How the CLI shows a check: P(滑档) and the candidate in the title, one row per choice, then the warnings. */

const TIER: Record<string, string> = { chong: '冲', wen: '稳', bao: '保' }
const TYPE: Record<number, string> = { 1: '院校', 2: '院校专业组', 3: '专业+院校' }
const STATUS: Record<string, string> = {
  ok: '',
  school_not_found: '找不到院校',
  no_option: '无可判断的招生',
  group_missing: '未填专业组',
  group_not_found: '专业组不存在',
  major_missing: '未填专业',
  major_not_found: '专业不存在',
}
const LEVEL: Record<string, string> = { error: '✗', warning: '!', info: 'i' }

const pct = (x: number | null) => (x === null ? '' : x > 0 && x < 0.005 ? '<1%' : `${Math.round(x * 100)}%`)
/**
 * A chance alone and the 档's bounds as smart-match shows them, cut to the percent below (shownChance): rounded, the
 * legend said 保 97% 以上 where smart-match says 96%, and a 稳 of 96.95 % showed 97%
 */
const chancePct = (x: number | null) => (x === null ? '' : `${Math.round(shownChance(x) * 100)}%`)
/**
 * A choice's chance of being the one that admits, cut as its chance alone is (the first choice's two are one
 * number, 0.3456, once shown 34% and 35% side by side); a chance above 0 that cuts to 0 is <1%
 */
const admitPct = (x: number) => (x > 0 && shownChance(x) < 0.01 ? '<1%' : chancePct(x))

/**
 * The plans the choices were read from, newest first (四川 2026: 2025, every school carried from the plan before);
 * the plan year when no choice is matched
 */
function planYears(data: CheckData): string {
  const years = [...new Set(data.choices.map((c) => c.plan_year).filter((y): y is number => y !== null))]
  return (years.length ? years.sort((a, b) => b - a) : [data.candidate.plan_year]).join('、')
}

function what(c: CheckedChoice): string {
  // 楚天测试大学01组（物理+化学） → 01组（物理+化学）: the school is in the column before
  const shown =
    c.group?.startsWith(c.school) && c.group.length > c.school.length
      ? c.group.slice(c.school.length)
      : c.group
  const group = shown ? `${shown}\n` : ''
  const majors = c.majors.map((m) => `${m.name}${m.matched ? '' : ' (?)'}`).join('、')
  return `${group}${majors}`
}

export function checkTables(data: CheckData): TableView[] {
  const c = data.candidate
  const s = data.summary
  const slide = s.p_slide
  const slideTone: TableView['tone'] =
    slide === null || slide >= 0.05 ? 'red' : slide >= 0.01 || s.unmatched > 0 ? 'yellow' : 'green'
  // Choices not found are unknown, not failures: P(滑档) without them is what the found ones leave (run.ts).
  const slideText =
    slide === null
      ? '无法判断 (所填志愿在数据中都找不到)'
      : s.unmatched > 0
        ? `${pct(slide)} (不计数据中找不到的 ${s.unmatched} 个志愿; 计入只会更低)`
        : pct(slide)
  // The outcome line, when any choice was found to simulate
  const outcome =
    slide === null
      ? ''
      : `\n录取 ${pct(s.p_admitted)} (所填专业 ${pct(s.p_major)}${(s.p_unjudged ?? 0) > 0 ? `, 未填专业的志愿 ${pct(s.p_unjudged)}` : ''}) · 调剂 ${pct(s.p_tiaoji)} · 退档 ${pct(s.p_tuidang)} · ` +
        `期望录取位置 ${s.expected_position === null ? '-' : `第 ${s.expected_position.toFixed(1)} 志愿`} · 保 ${s.bao} 个`
  const views: TableView[] = [
    {
      title:
        `P(滑档) ${slideText} · ${c.province} ${c.category} ${c.score === null ? '' : `${c.score} 分 `}位次 ${c.rank} · ` +
        `${c.batch} ${TYPE[data.rule.volunteer_type] ?? ''} ${data.rule.volunteer_num_max} 个志愿 × ${data.rule.major_num_max} 专业 · ` +
        `${c.rank_year} 年 (计划 ${planYears(data)} 年)${outcome}`,
      tone: slideTone,
      head: [
        '#',
        '院校',
        '专业组 / 专业',
        '预估最低位次',
        '单独录取',
        '档',
        '由此录取',
        '所填专业',
        '调剂',
        '退档',
        '说明',
      ],
      rows: data.choices.map((ch) => [
        ch.index,
        ch.school,
        what(ch),
        ch.expected_rank,
        chancePct(ch.chance),
        ch.tier ? TIER[ch.tier] : '',
        ch.simulated ? admitPct(ch.p_admit) : '',
        ch.simulated && (ch.majors.length > 0 || data.rule.volunteer_type === 3) ? pct(ch.p_major) : '',
        ch.simulated && ch.tiaoji ? pct(ch.p_tiaoji) : '',
        ch.simulated ? pct(ch.p_tuidang) : '',
        [
          STATUS[ch.status] ?? ch.status,
          ch.note ?? '',
          ch.simulated || ch.status !== 'ok' ? '' : '不参与投档',
        ]
          .filter((x) => x)
          .join('; '),
      ]),
      numeric: [0, 3, 4, 6, 7, 8, 9],
      footer:
        '单独录取: 只看这一个志愿的录取可能; 由此录取: 平行志愿按顺序投档时, 由这个志愿录取的概率 (各志愿之和 + 滑档 = 100%); ' +
        `档: 冲 ${chancePct(TIER_FROM.chong)}-${chancePct(TIER_FROM.wen)}, 稳 ${chancePct(TIER_FROM.wen)}-${chancePct(TIER_FROM.bao)}, 保 ${chancePct(TIER_FROM.bao)} 以上 (与智能填报的冲稳保相同); 模拟 ${s.draws} 次, 各志愿的不确定性含全省同年的整体变化与同校的共同变化.${data.choices.some((ch) => ch.majors.some((m) => !m.matched)) ? ' (?) 该专业不在计划中' : ''}`,
    },
  ]
  if (data.warnings.length > 0)
    views.push({
      title: `需要注意 (${data.warnings.length})`,
      tone: data.warnings.some((w) => w.level === 'error') ? 'red' : 'yellow',
      head: ['', '志愿', '说明'],
      rows: data.warnings.map((w) => [LEVEL[w.level] ?? '', w.choices.join(','), w.message]),
    })
  return views
}

/** `--format csv|ndjson`: one record per choice. */
export function checkRecords(data: CheckData): Record<string, unknown>[] {
  return data.choices.map((ch) => ({
    index: ch.index,
    school: ch.school,
    school_id: ch.school_id,
    group: ch.group,
    majors: ch.majors.map((m) => m.name).join('、'),
    tiaoji: ch.tiaoji,
    status: ch.status,
    expected_rank: ch.expected_rank,
    plan_year: ch.plan_year,
    chance: ch.chance,
    tier: ch.tier,
    p_admit: ch.p_admit,
    p_major: ch.p_major,
    p_tiaoji: ch.p_tiaoji,
    p_tuidang: ch.p_tuidang,
  }))
}
