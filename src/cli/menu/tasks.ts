import { existsSync, statSync } from 'node:fs'
import { findProvince } from '../../domain/provinces.js'
import type { EndpointContext } from '../../endpoints/define.js'
import { fileFields } from '../cli-file.js'
import {
  batchChoices,
  categoryChoices,
  choicesOf,
  latestYear,
  provinceChoices,
  yearChoices,
} from '../data-choices.js'
import { loadEndpoint } from '../manifest.js'
import type { Prompter } from '../prompter.js'
import { askMissing } from '../smart-match-prompts.js'
import { checkLine, commandLine, seatingRankLine, smartMatchLine } from './command-line.js'

/**
 * The tasks of the menu (menu.ts): each asks its questions, offering what the data have, and returns the command
 * line that does it, which the menu shows and runs through the CLI like any other.
 */

export interface MenuContext {
  /** The menu's own context: what the questions offer is read from it */
  ctx: EndpointContext
  ask: Prompter
  currentYear: number
  /** Whether the CLI has a command (`schools search`): the menu offers only what exists */
  has(words: string): boolean
}

export interface MenuCommand {
  argv: string[]
  /** How the answer leaves the terminal (--out): the 志愿表 as its workbook, or the tables as Excel (or CSV) */
  export?: { kind: 'workbook' | 'table'; file: string }
}

export interface Task {
  value: string
  name: string
  ask(m: MenuContext): Promise<MenuCommand>
}

const ALL = ''
const isFile = (path: string) => existsSync(path) && statSync(path).isFile()
const fileQuestion = (m: MenuContext, message: string) =>
  m.ask.input(message, (v) => (isFile(v.trim()) ? true : `找不到文件: ${v.trim()}`)).then((v) => v.trim())
/** Whether a list file names the candidate the check needs: province, rank year, and a score or a rank. */
async function saysCandidate(file: string): Promise<boolean> {
  const fields = await fileFields(await loadEndpoint('volunteer-check'), file).catch(() => undefined)
  const has = (key: string) => fields?.[key] !== undefined && fields[key] !== ''
  return has('province') && has('rank_year') && (has('score') || has('rank'))
}
const textQuestion = (m: MenuContext, message: string) =>
  m.ask.input(message, (v) => (v.trim() === '' ? '不能为空' : true)).then((v) => v.trim())

async function province(m: MenuContext): Promise<string> {
  return m.ask.select('省份', choicesOf(await provinceChoices(m.ctx)))
}

/** A year of the province's 一分一段 tables, the latest first; `anyYear` offers 全部年份 too. */
async function year(m: MenuContext, p: string, anyYear = false): Promise<string | undefined> {
  const years = await yearChoices(m.ctx, p)
  if (years.length === 0) return undefined
  const choices = choicesOf(years)
  return m.ask.select(
    '年份',
    anyYear ? [{ name: '全部年份', value: ALL }, ...choices] : choices,
    latestYear(years, m.currentYear),
  )
}

const rankTask: Task = {
  value: 'rank',
  name: '查位次 (一分一段表: 分数 → 位次)',
  async ask(m) {
    const p = await province(m)
    const y = (await year(m, p)) ?? ''
    const km = await m.ask.select(
      '科类',
      choicesOf(await categoryChoices(m.ctx, 'yifenyiduan', p, y || undefined)),
    )
    const full = findProvince(p)?.fullScore ?? 750
    const score = await m.ask.input(`分数 (满分 ${full})`, (v) => {
      const n = Number(v)
      return Number.isInteger(n) && n >= 0 && n <= full ? true : `应为 0 到 ${full} 的整数`
    })
    return {
      argv: seatingRankLine({ province: p, year: y, km, score }),
      export: { kind: 'table', file: '位次.xlsx' },
    }
  },
}

const linesTask: Task = {
  value: 'lines',
  name: '查分数线 (各批次控制线)',
  async ask(m) {
    const p = await province(m)
    const y = await year(m, p, true)
    const categories = await categoryChoices(m.ctx, 'picixian', p, y || undefined)
    const type = categories.length
      ? await m.ask.select('科类', [{ name: '全部科类', value: ALL }, ...choicesOf(categories)])
      : ALL
    const batches = await batchChoices(m.ctx, 'picixian', p, y || undefined)
    const batch = batches.length
      ? await m.ask.select('批次', [{ name: '全部批次', value: ALL }, ...choicesOf(batches)])
      : ALL
    return {
      argv: commandLine(
        ['score-lines'],
        [
          ['province', p],
          ['year', y],
          ['type-name', type],
          ['name', batch],
          ['page-size', '100'],
        ],
      ),
      export: { kind: 'table', file: '分数线.xlsx' },
    }
  },
}

/** 查院校/专业: what is asked depends on what is looked for. */
const schoolTask: Task = {
  value: 'school',
  name: '查院校/专业 (历年分数, 专业组, 开设院校)',
  async ask(m) {
    const kinds = [
      ...(m.has('schools search') ? [{ name: '搜索院校 (全称, 简称, 拼音, 代码)', value: 'schools' }] : []),
      ...(m.has('majors search') ? [{ name: '搜索专业 (名称, 拼音, 代码)', value: 'majors' }] : []),
      { name: '院校历年录取分数', value: 'scores' },
      { name: '院校的专业组与招生计划', value: 'groups' },
      { name: '开设某专业的院校', value: 'offering' },
    ]
    const kind = await m.ask.select('查什么', kinds)
    if (kind === 'schools' || kind === 'majors') {
      const text = await textQuestion(
        m,
        kind === 'schools' ? '院校 (如 南京大学, 南大, njdx)' : '专业 (如 计算机, jsj)',
      )
      return {
        argv: commandLine([kind, 'search'], [], [text]),
        export: { kind: 'table', file: `${kind === 'schools' ? '院校' : '专业'}.xlsx` },
      }
    }
    if (kind === 'offering') {
      const major = await textQuestion(m, '专业 (名称或代码, 如 计算机科学与技术, 080901)')
      const p = await province(m)
      return {
        argv: commandLine(
          ['offering-schools'],
          [
            ['province', p],
            ['page-size', '50'],
          ],
          [major],
        ),
        export: { kind: 'table', file: '开设院校.xlsx' },
      }
    }
    const school = await textQuestion(m, '院校 (名称或代码, 如 南京大学)')
    const p = await province(m)
    if (kind === 'groups') {
      const y = await year(m, p, true)
      return {
        argv: commandLine(
          ['major-groups'],
          [
            ['province', p],
            ['year', y],
          ],
          [school],
        ),
        export: { kind: 'table', file: '专业组.xlsx' },
      }
    }
    return {
      argv: commandLine(
        ['scores'],
        [
          ['school-name', school],
          ['province', p],
          ['limit', '100'],
        ],
      ),
      export: { kind: 'table', file: '历年分数.xlsx' },
    }
  },
}

const listTask: Task = {
  value: 'list',
  name: '生成志愿表 (冲稳保)',
  async ask(m) {
    const answers = await askMissing(m.ctx, {}, m.ask, m.currentYear)
    return { argv: smartMatchLine(answers), export: { kind: 'workbook', file: '志愿表.xlsx' } }
  },
}

const checkTask: Task = {
  value: 'check',
  name: '检查志愿表 (模拟投档, 录取概率)',
  async ask(m) {
    const list = await fileQuestion(m, '志愿表文件 (.xlsx, .csv, 或 smart-match 的 .json)')
    const exportAs = { kind: 'table', file: '检查结果.xlsx' } as const
    // smart-match's workbook says the whole candidate (its 说明 sheet): nothing to ask
    if (await saysCandidate(list)) return { argv: ['check', list], export: exportAs }
    const answers = await askMissing(m.ctx, {}, m.ask, m.currentYear, { batch: false, rankYear: true })
    return { argv: checkLine(list, answers), export: exportAs }
  },
}

/** The tables an import may replace a slice of (datasets import), most used first. */
const IMPORT_TABLES = [
  { name: 'score_ranks 一分一段表', value: 'score_ranks' },
  { name: 'score_lines 控制线', value: 'score_lines' },
  { name: 'plans 招生计划', value: 'plans' },
]

const dataTask: Task = {
  value: 'data',
  name: '数据管理 (概况, 校验, 导入)',
  async ask(m) {
    const kinds = [
      { name: '数据概况 (每张表的行数与覆盖)', value: 'info' },
      { name: '校验全部数据', value: 'validate' },
      { name: '导入数据 (CSV / XLSX 替换一个切片)', value: 'import' },
      ...(m.has('datasets undo') ? [{ name: '撤销上次导入', value: 'undo' }] : []),
    ]
    const kind = await m.ask.select('数据管理', kinds)
    if (kind !== 'import') return { argv: ['datasets', kind] }
    const table = await m.ask.select('导入到哪张表', IMPORT_TABLES)
    const file = await fileQuestion(m, '文件 (.csv 或 .xlsx)')
    const p = await m.ask.select('省份', [
      { name: '由文件的省份列给出', value: ALL },
      ...choicesOf(await provinceChoices(m.ctx)),
    ])
    const y = await m.ask.input('年份 (文件有年份列时留空)', (v) =>
      v.trim() === '' || /^\d{4}$/.test(v.trim()) ? true : '应为四位数年份',
    )
    const km =
      table === 'score_ranks' && p !== ALL
        ? await m.ask.select('科类', [
            { name: '由文件的科类列给出', value: ALL },
            ...choicesOf(await categoryChoices(m.ctx, 'yifenyiduan', p)),
          ])
        : ALL
    return {
      argv: commandLine(
        ['datasets', 'import'],
        [
          ['province', p],
          ['year', y.trim()],
          ['km', km],
        ],
        [table, file],
      ),
    }
  },
}

export const TASKS: readonly Task[] = [rankTask, linesTask, schoolTask, listTask, checkTask, dataTask]
