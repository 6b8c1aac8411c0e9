import { FORMATS } from '../render.js'
import { type CommandSpec, NO_BOM, NO_COLOR, type OptionSpec, outputOptions, STORE } from './define.js'

/** The output options of the store listings, as on every other command (they read no datasets). */
const LISTING: readonly OptionSpec[] = [
  ...outputOptions(FORMATS, '即 --format json'),
  NO_COLOR,
  NO_BOM,
  STORE,
]

/** `gaokao tokens ...` and `gaokao feedback list`: the local writable stores. */
export const STORE_COMMANDS: readonly CommandSpec[] = [
  {
    words: ['tokens', 'create'],
    description: '创建访问令牌 (Authorization: Bearer <token>), 绑定本人省份, 分数和科类',
    options: [
      { flags: '--province <province>', description: '省份', required: true },
      { flags: '--score <score>', description: '分数', required: true },
      { flags: '--km <km>', description: '科类, 如 物理, 历史类, 综合', required: true },
      { flags: '--rank <rank>', description: '位次 (可选)' },
      { flags: '--expires <duration>', description: '有效期: 30d, 12h, 90m 或 never', default: '30d' },
      STORE,
    ],
    load: async () => (await import('../store-commands.js')).tokensCreateRun,
  },
  {
    words: ['tokens', 'list'],
    description: '列出令牌 (不含密钥)',
    options: LISTING,
    load: async () => (await import('../store-commands.js')).tokensListRun,
  },
  {
    words: ['tokens', 'revoke'],
    description: '吊销令牌',
    arguments: [{ name: 'id', description: '令牌 id (tokens list 中的 id)' }],
    options: [STORE],
    load: async () => (await import('../store-commands.js')).tokensRevokeRun,
  },
  {
    words: ['feedback', 'list'],
    description: '列出已提交的反馈; --format csv 导出到表格软件',
    options: LISTING,
    load: async () => (await import('../store-commands.js')).feedbackListRun,
  },
]
