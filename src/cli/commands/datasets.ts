import { type CommandSpec, DATASETS, NO_COLOR, type OptionSpec, outputOptions } from './define.js'

/** --format table|json, --json, --no-color: the reporting options of the datasets commands, after their own. */
const REPORT: readonly OptionSpec[] = [...outputOptions(['table', 'json']), NO_COLOR]

/** `gaokao datasets ...`: the data staff's commands. */
export const DATASETS_COMMANDS: readonly CommandSpec[] = [
  {
    words: ['datasets', 'build'],
    description: '从公开数据源目录构建 datasets/*.parquet (确定性: 两次构建字节相同)',
    options: [
      {
        flags: '--from <dir>',
        description: '公开数据源目录 (数据仓库的 sources 文件夹, 见 docs/data.md)',
        required: true,
      },
      { flags: '--out <dir>', description: '输出目录', default: 'datasets' },
      { flags: '--tables <names>', description: '只构建这些表, 逗号分隔' },
      {
        flags: '--report <file>',
        description: '把完整构建报告 (每张表的来源, 冲突, 剔除原因) 写成 JSON',
      },
    ],
    load: async () => (await import('../datasets-build.js')).buildRun,
  },
  {
    words: ['datasets', 'info'],
    description: '每张表的行数, 年份 x 省份覆盖, 真实 / 推算 / 合成行的比例 (plans: 推算位次的比例)',
    options: [
      DATASETS,
      { flags: '--table <name>', description: '只看这张表, 并列出省份 x 年份的行数矩阵' },
      ...REPORT,
    ],
    help: `
退出码: 0 正常, 1 有表文件损坏, 与 manifest.json 不符 (行数或 sha256; 不符时读遍全部数据页),
manifest.json 无法读取, 或 manifest.json 列出的表文件不存在, 2 参数错误.

示例:
  $ gaokao datasets info
  $ gaokao datasets info --table score_ranks      省份 x 年份矩阵
  $ gaokao datasets info --json`,
    load: async () => (await import('../datasets-info.js')).infoRun,
  },
  {
    words: ['datasets', 'validate'],
    description: '按 schema.ts 与全部规则校验每张表; 有错误时退出码 1',
    options: [
      DATASETS,
      { flags: '--tables <names>', description: '只运行读取这些表的规则, 逗号分隔' },
      { flags: '--max-per-rule <n>', description: '每条规则最多列出的违规数', default: '20' },
      { flags: '--rules', description: '只列出规则, 不校验' },
      ...REPORT,
    ],
    help: `
规则: 列与类型, 非空, 键不重复, 省份与年份已知, provenance 取值, 一分一段累计 (checks/score-ranks.ts),
min <= average <= max, 计划数 >= -1, plans.sid -> schools, plans.major_id -> majors, manifest.json 一致 ...
(完整列表: gaokao datasets validate --rules). 未安装的表的规则跳过并注明; 表文件损坏, manifest.json 缺失或无法读取,
manifest.json 列出的表文件不存在, 目录中没有任何表都是错误 (退出码 1).

示例:
  $ gaokao datasets validate
  $ gaokao datasets validate --datasets synth/scale-1 --json
  $ gaokao datasets validate --rules`,
    load: async () => (await import('../datasets-validate.js')).validateRun,
  },
  {
    words: ['datasets', 'import'],
    description: '用一个 CSV / XLSX 文件替换表中的一个切片 (省份, 年份[, 科类]); 先校验, 原子写入',
    arguments: [
      {
        name: 'table',
        description:
          'score_ranks (一分一段表), score_lines (控制线), plans (计划导出), 或其他有 province/year 的表',
      },
      { name: 'file', description: '.csv (UTF-8 或 GB18030) 或 .xlsx' },
    ],
    options: [
      { flags: '--province <name>', description: '省份 (文件中没有省份列时必填)' },
      { flags: '--year <year>', description: '年份 (文件中没有年份列时必填)' },
      { flags: '--km <km>', description: '科类: 只替换这一科类 (score_ranks 必填, 除非文件有科类列)' },
      { flags: '--level <level>', description: "score_ranks 的 level: '' 普通表 (默认), 专科, 区外 ..." },
      { flags: '--source <id>', description: '写入 source 列的来源标识', default: 'import' },
      { flags: '--sheet <name>', description: 'XLSX 工作表名或序号 (从 1 起; 默认第一个)' },
      {
        flags: '--replace',
        description: '允许删除切片中文件没有的行 (默认: 会删除行的导入拒绝, 终端中则先列出再询问)',
      },
      { flags: '--dry-run', description: '只读取, 校验并列出变动 (新增, 修改, 删除的行), 不写入' },
      {
        flags: '--allow-new <names>',
        description: '接受数据中还没有的科类或批次名, 逗号分隔 (如新开的艺术类别); 其余未知名称拒绝',
      },
      {
        flags: '--accept-changed',
        description:
          '表文件与 manifest.json 不符 (行数或 sha256) 时仍在它之上导入; 默认拒绝, 导入记录中注明不符之处',
      },
      DATASETS,
      ...REPORT,
    ],
    help: `
格式见 src/datasets/import/README.md, 样例在 fixtures/import/. 退出码: 0 已替换, 1 违反规则或数据目录需先修复
(什么都没替换), 2 文件无法读取或格式不对, 或会删除行而没有 --replace. 写入之前列出变动: 按省份, 年份, 科类, 批次
统计新增, 修改, 删除的行, 并举例. 切片中文件没有的行会被删除: 没有 --replace 时拒绝 (终端中先列出再询问).
新表先写成 <表>.parquet.tmp 并再次校验; 换上之前旧表备份为 <表>.parquet.prev, manifest.json 更新 (记录本次导入)
后才删除. 导入前的表保存在 <数据目录>/.import-undo/ (最近 3 次): gaokao datasets undo 撤销.
要替换的表文件与 manifest.json 不符 (行数或 sha256: 上次构建或导入后被改动过) 时拒绝 (退出码 1): 先运行
gaokao datasets validate 查看, 用 gaokao datasets build 重建, 或确认改动无误后加 --accept-changed.

示例:
  $ gaokao datasets import score_ranks 江苏2025物理.xlsx --province 江苏 --year 2025 --km 物理类
  $ gaokao datasets import score_lines 控制线.csv --dry-run      只看变动
  $ gaokao datasets import score_lines 控制线.csv --replace      文件就是该省该年的全部控制线
  $ gaokao datasets import plans plans-henan-2025.csv --province 河南 --year 2025`,
    load: async () => (await import('../datasets-import.js')).importRun,
  },
  {
    words: ['datasets', 'undo'],
    description: '撤销最近一次导入: 把表和 manifest.json 恢复为导入前 (最多可连续撤销最近 3 次导入)',
    options: [{ flags: '--list', description: '只列出可撤销的导入, 不撤销' }, DATASETS, ...REPORT],
    help: `
每次 gaokao datasets import 写入之前, 把原来的表文件和它的 manifest.json 记录保存在 <数据目录>/.import-undo/
(只保留最近 3 次). undo 恢复最近一次, 再次 undo 恢复更早的一次; 没有可撤销的导入时照说 (退出码 0).
表在那次导入之后又被改动过 (重新构建, 手工修改) 时拒绝, 什么都不改 (退出码 1). 恢复与导入一样原子:
中途被终止也不会留下半张表.

示例:
  $ gaokao datasets undo
  $ gaokao datasets undo --list`,
    load: async () => (await import('../datasets-undo.js')).undoRun,
  },
  {
    words: ['datasets', 'synth'],
    description: '生成全国规模的合成数据集 (基准测试用, 全部行 provenance = synthetic; 不入库)',
    options: [
      { flags: '--scale <n>', description: '规模: 1 约一百万行计划, 10 约一千万行', default: '1' },
      { flags: '--out <dir>', description: '输出目录 (默认 synth/scale-<n>; synth/ 已被 git 忽略)' },
      { flags: '--seed <s>', description: '随机种子 (同一种子输出字节相同)', default: '1' },
      { flags: '--threads <n>', description: 'DuckDB 线程数 (默认: CPU 核数)' },
      { flags: '--force', description: '覆盖不是由 synth 生成的目录' },
      ...REPORT,
    ],
    help: `
示例:
  $ gaokao datasets synth --scale 1 --out synth/scale-1
  $ gaokao datasets validate --datasets synth/scale-1
  $ GAOKAO_DATASETS=synth/scale-1 gaokao serve`,
    load: async () => (await import('../datasets-synth.js')).synthRun,
  },
]
