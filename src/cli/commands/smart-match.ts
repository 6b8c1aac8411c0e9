import { type CommandSpec, DATASETS, NO_BOM, NO_COLOR, outputOptions } from './define.js'

/**
 * `gaokao smart-match backtest` and `audit`: how good the lists are, beside the endpoint that makes them; `batch`:
 * the lists of a whole class.
 */
export const SMART_MATCH_COMMANDS: readonly CommandSpec[] = [
  {
    words: ['smart-match', 'backtest'],
    description:
      '回测: 只用该年以前的录取结果为该年的考生生成志愿表, 再与该年实际最低位次对比 (各档录取比例, 保 的位次比)',
    options: [
      { flags: '--province <province>', description: '省份 (或用 --all)' },
      { flags: '--all', description: '所有有该年及往年录取位次的省份' },
      { flags: '--year <year>', description: '回测年份', default: '2025' },
      {
        flags: '--samples <n>',
        description: '每个科类抽取的考生位次数 (在该年可选院校的位次范围内等距抽取)',
        default: '30',
      },
      { flags: '--batch <batch>', description: '批次 (默认: 该省本科批次)' },
      { flags: '--subject <subject>', description: '只测一个科类: 物理 历史 综合 (默认: 该年全部普通科类)' },
      {
        flags: '--hide-major-lines',
        description:
          '专业+院校省份: 隐去专业线, 只按院校线和其他省份的专业幅度推算专业 (检验浙江、山东的做法)',
      },
      { flags: '--type <type>', description: '策略 1-4', choices: ['1', '2', '3', '4'], default: '1' },
      ...outputOptions(['table', 'json', 'csv']),
      NO_COLOR,
      NO_BOM,
      DATASETS,
    ],
    help: `
达标线: 保 录取比例 >= 93%, 稳 在 50%-90%, 冲 在 10%-50%, 保 的 (考生位次 / 实际最低位次) 中位数 > 0.5.
示例:
  $ gaokao smart-match backtest --province 湖北 --year 2025
  $ gaokao smart-match backtest --all --year 2025 --samples 50
  $ gaokao smart-match backtest --province 重庆 --year 2025 --hide-major-lines`,
    load: async () => (await import('../smart-match-backtest.js')).backtestRun,
  },
  {
    words: ['smart-match', 'audit'],
    description:
      '可填性检查: 生成的志愿表中, 有多少志愿写明了志愿表要填的内容 (专业组代码和专业 / 专业 / 院校下的专业)',
    options: [
      { flags: '--province <names>', description: '省份, 逗号分隔 (默认: 所有有填报规则的省份)' },
      { flags: '--years <years>', description: '位次年份, 逗号分隔', default: '2025,2026' },
      {
        flags: '--shares <percents>',
        description: '考生在物理类 (或综合、理科) 考生中的位置, 百分比, 逗号分隔',
        default: '5,15,30,50',
      },
      ...outputOptions(['table', 'json', 'csv']),
      NO_BOM,
      DATASETS,
    ],
    help: `
每个省份、每个位次年份, 按 --shares 取考生 (选科 物理+化学+生物, 该省本科批, 策略 冲稳保), 统计其志愿表中
可直接填写的志愿: 专业组省份要有专业组代码和专业, 专业+院校省份要有一个专业, 院校省份要有院校下的专业.
专业来源: 当年计划 / 上年计划 / 上年录取 (当年计划未列专业时).
示例:
  $ gaokao smart-match audit
  $ gaokao smart-match audit --province 河南,江苏 --years 2025`,
    load: async () => (await import('../smart-match-audit.js')).auditRun,
  },
  {
    words: ['smart-match', 'batch'],
    description: '整班生成志愿表: 考生名单 (CSV) 每人一份 .xlsx 志愿表, 另有 汇总.xlsx',
    arguments: [{ name: 'students.csv', description: '考生名单: 每行一名考生, 表头见下' }],
    options: [
      { flags: '--out <dir>', description: '输出目录 (不存在时创建)', required: true },
      { flags: '--province <province>', description: '名单中没有省份列时, 全班的省份' },
      {
        flags: '--rank-year <year>',
        description: '名单中没有年份列时的位次年份 (默认: 该省最新的一分一段表)',
      },
      { flags: '--batch <batch>', description: '名单中没有批次列时的批次 (默认: 该省本科批次)' },
      { flags: '--subject <subject>', description: '名单中没有科类列时的科类: 物理 历史 理科 文科' },
      { flags: '--xuanke <subjects>', description: '名单中没有选科列时的选科, 如 物理,化学,生物' },
      { flags: '--type <type>', description: '名单中没有策略列时的策略 1-4', choices: ['1', '2', '3', '4'] },
      {
        flags: '--school-provinces <provinces>',
        description: '名单中没有学校省份列时, 全班只列这些省份的学校',
      },
      { flags: '--school-level <level>', description: '名单中没有院校层次列时: 985, 211 或 双一流' },
      { flags: '--public-only <flag>', description: '名单中没有只要公办列时: 1 只列公办学校' },
      {
        flags: '--major-keyword <text>',
        description: '名单中没有专业关键词列时, 全班只列专业名称含此词的专业',
      },
      {
        flags: '--exclude-obligated <flag>',
        description: '名单中没有不要须履约专业列时: 1 不列公费师范、定向等须履约的专业',
      },
      ...outputOptions(['table', 'json']),
      NO_COLOR,
      DATASETS,
    ],
    help: `
考生名单: CSV (逗号、制表符或分号分隔; UTF-8 带或不带 BOM, 或 GBK/GB18030), 第一行为表头, 每行一名考生.
表头 (中文或英文, 其余列忽略):
  姓名 name        文件以姓名命名 (没有时用行号)
  省份 province    必填 (或 --province)
  分数 score       分数或位次至少一项
  位次 rank
  科类 subject     物理 历史 (3+1+2), 理科 文科; 3+3 省份不需要
  选科 xuanke      如 物理,化学,生物 (含逗号时整格加引号, 或写 物理+化学+生物)
  批次 batch       默认: 该省本科批次
  年份 rank_year   位次年份, 默认: 该省最新的一分一段表
  策略 type        1-4 或 冲稳保 合理保守 标准均衡 激进冲刺, 默认 1
  学校省份 school_provinces  只列这些省份的学校, 如 江苏,浙江 (本省 = 考生所在省); 不填不限
  院校层次 school_level      985, 211 或 双一流; 不填不限
  只要公办 public_only       是 / 1: 只列公办学校
  专业关键词 major_keyword   只列专业名称含此词的专业, 如 计算机
  不要须履约专业 exclude_obligated  是 / 1: 不列公费师范、优师计划、定向等录取后须履约的专业
某一行有误时, 报告其行号并继续下一名考生; 汇总.xlsx 的 错误 列写明原因.
退出码: 0 全部生成; 2 名单或选项有误, 或有考生未生成; 1 程序或数据方面的问题.
示例:
  $ gaokao smart-match batch 高三1班.csv --out 志愿表/
  $ gaokao smart-match batch students.csv --out out/ --province 江苏 --rank-year 2025`,
    load: async () => (await import('../smart-match-batch.js')).batchRun,
  },
]
