import { type CommandSpec, STORE } from './define.js'
import { SERVE_OPERATIONS, SERVE_OPERATIONS_HELP } from './serve-operations.js'

/**
 * `gaokao serve`, `gaokao openapi`, `gaokao call`: the HTTP API, served, described, or called in-process; `gaokao
 * mcp`: the same endpoints as tools of an AI assistant.
 */
export const HTTP_COMMANDS: readonly CommandSpec[] = [
  {
    words: ['serve'],
    description: '启动本地 HTTP API (SPEC 全部接口), Ctrl-C 或 SIGTERM 平稳退出',
    options: [
      { flags: '--port <port>', description: '端口 (0 = 任意空闲端口)', default: '3000' },
      { flags: '--host <host>', description: '监听地址', default: '127.0.0.1' },
      {
        flags: '--http-status',
        description: '把信封中的错误码同时作为 HTTP 状态码 (默认: 错误也以 200 返回)',
      },
      { flags: '--datasets <dir>', description: '数据目录 (默认: 内置 datasets/)' },
      { flags: '--logo-base-url <url>', description: '学校 logo 相对路径的前缀' },
      { ...STORE, description: `${STORE.description}; 多台服务共用令牌与反馈时用 PostgreSQL` },
      ...SERVE_OPERATIONS,
      {
        flags: '--cache-mb <mb>',
        description:
          '重复请求的答案缓存上限 (MB; 数据在服务期间不变, 同一请求直接返回上次的答案; 0 = 不缓存)',
        default: '128',
      },
      {
        flags: '--cors <origins>',
        description:
          '允许这些网页来源从浏览器调用 (逗号分隔, 如 http://localhost:5173; * 为任意来源). 默认不允许跨源',
      },
    ],
    help: `\n启动时先载入数据表, 建内存索引并预热常用查询 (内置数据约 2 秒), 就绪后才开始监听, 并打印所用时间.${SERVE_OPERATIONS_HELP}`,
    load: async () => (await import('../http-commands.js')).serveRun,
  },
  {
    words: ['openapi'],
    description:
      '输出 HTTP API 的 OpenAPI 3.1 描述 (JSON; 与 serve 的 GET /openapi.json 相同), 供前端生成客户端',
    options: [],
    load: async () => (await import('../http-commands.js')).openApiRun,
  },
  {
    words: ['call'],
    description: '通过 HTTP 应用 (进程内, 不监听端口) 调用任意接口, 输出响应 JSON',
    arguments: [{ name: 'path', description: '接口路径, 如 /api/v1/seating/list' }],
    options: [
      { flags: '--data <json>', description: '请求体 JSON', default: '{}' },
      { flags: '-X, --method <method>', description: 'HTTP 方法', default: 'POST' },
      { flags: '--datasets <dir>', description: '数据目录' },
    ],
    load: async () => (await import('../http-commands.js')).callRun,
  },
  {
    words: ['mcp'],
    description: 'MCP 服务 (stdio): 把各查询接口作为 AI 助手可调用的工具, 返回与 HTTP 接口相同的 JSON',
    options: [
      { flags: '--datasets <dir>', description: '数据目录 (默认: 内置 datasets/)' },
      { flags: '--store <dir>', description: '存储目录 (默认: $GAOKAO_HOME, 否则 ~/.local/share/gaokao)' },
    ],
    help: `
由 AI 助手 (MCP 客户端) 启动, 经标准输入输出通信; 不写入任何数据 (反馈接口不提供).
桌面助手的配置示例 (claude_desktop_config.json 等):
  { "mcpServers": { "gaokao": { "command": "gaokao", "args": ["mcp"] } } }`,
    load: async () => (await import('../mcp-command.js')).mcpRun,
  },
]
