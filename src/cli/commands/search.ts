import { FORMATS } from '../render.js'
import { type CommandSpec, DATASETS, NO_BOM, NO_COLOR, type OptionSpec, outputOptions } from './define.js'

/** The options both searches share: the output formats, and how many matches to list. */
const SEARCH_OPTIONS: readonly OptionSpec[] = [
  { flags: '--limit <n>', description: '最多列出几条', default: '20' },
  ...outputOptions(FORMATS),
  NO_COLOR,
  NO_BOM,
  DATASETS,
]

const ORDER = '排序: 全称或代码, 简称, 开头, 包含, 拼音 (全拼或首字母), 拼音开头, 依次包含; 同类按热度'

/** `gaokao schools search` and `gaokao majors search`: finding a school or a major by what people type. */
export const SEARCH_COMMANDS: readonly CommandSpec[] = [
  {
    words: ['schools', 'search'],
    description: '查找院校: 全称, 部分名称, 简称 (南大, 北航, 哈工深), 拼音或首字母 (njdx), 院校代码或 ID',
    arguments: [{ name: 'text', description: '院校名称、简称、拼音或代码' }],
    options: SEARCH_OPTIONS,
    help: `
${ORDER}.
凡是要求院校的命令 (scores --school-name, open-majors --school-id, major-groups) 也接受这些写法.
示例:
  $ gaokao schools search 南大
  $ gaokao schools search njdx
  $ gaokao schools search 华中 --format csv > 华中.csv`,
    load: async () => (await import('../name-search-commands.js')).schoolsSearchRun,
  },
  {
    words: ['majors', 'search'],
    description: '查找专业: 全称, 部分名称, 拼音或首字母 (jsjkxyjs), 专业代码或其开头 (080901, 0809)',
    arguments: [{ name: 'text', description: '专业名称、拼音或代码' }],
    options: SEARCH_OPTIONS,
    help: `
${ORDER}.
凡是要求专业的命令 (offering-schools, hot-schools --major-id) 也接受这些写法.
示例:
  $ gaokao majors search 计算机
  $ gaokao majors search jsjkxyjs
  $ gaokao majors search 0809 --json`,
    load: async () => (await import('../name-search-commands.js')).majorsSearchRun,
  },
]
