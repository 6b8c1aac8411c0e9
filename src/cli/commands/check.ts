import { type CommandSpec, DATASETS, NO_BOM, outputOptions } from './define.js'

/** `gaokao check backtest`: how often the 志愿表 check's figures came true, beside the endpoint command `check`. */
export const CHECK_COMMANDS: readonly CommandSpec[] = [
  {
    words: ['check', 'backtest'],
    description:
      '回测志愿表检查: 用该年以前的数据为抽样考生生成志愿表 (智能推荐表及其打乱、去掉保底等变体), 检查后与该年实际录取对比',
    options: [
      { flags: '--year <year>', description: '回测年份', default: '2025' },
      { flags: '--province <names>', description: '省份, 逗号分隔 (默认: 该年及往年有录取位次的所有省份)' },
      { flags: '--samples <n>', description: '每省每科类抽取的考生数', default: '50' },
      { flags: '--draws <n>', description: '每张志愿表模拟的录取年数', default: '2000' },
      ...outputOptions(['table', 'json', 'csv']),
      NO_BOM,
      DATASETS,
    ],
    help: `
报告: P(滑档) 各区间的预测与实际滑档比例, 单个志愿的预测录取机会与实际, 各省和各类志愿表的 Brier 分数.
达标线: 至少 200 张表的区间, 实际滑档与预测相差不超过 3 点; "录取于此" 的 Brier 分数不超过 0.12.
方法见 docs/check.md. 全部省份约需几分钟.
示例:
  $ gaokao check backtest --year 2025
  $ gaokao check backtest --year 2025 --province 江苏,河北 --samples 20 --json`,
    load: async () => (await import('../check-backtest.js')).checkBacktestRun,
  },
]
