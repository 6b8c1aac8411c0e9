import { existsSync } from 'node:fs'
import { type Command, Option } from 'commander'
import { registerDatasetsCommands } from './datasets-commands.js'
import type { CliIo } from './io.js'
import { renderJson } from './render.js'
import { registerSmartMatchCommands } from './smart-match-commands.js'
import type { Prompter } from './smart-match-prompts.js'
import { registerStoreCommands } from './store-commands.js'

/** Commands that are not endpoints: the HTTP server, dataset tooling, and raw calls through the HTTP app. */
export function registerToolCommands(
  program: Command,
  io: CliIo,
  setExit: (code: number) => void,
  prompter?: () => Promise<Prompter>,
): void {
  program
    .command('serve')
    .description('启动本地 HTTP API (SPEC 全部接口), Ctrl-C 或 SIGTERM 平稳退出')
    .addOption(new Option('--port <port>', '端口 (0 = 任意空闲端口)').default('3000'))
    .addOption(new Option('--host <host>', '监听地址').default('127.0.0.1'))
    .option('--http-status', '把信封中的错误码同时作为 HTTP 状态码 (默认: 错误也以 200 返回)')
    .option('--datasets <dir>', '数据目录 (默认: 内置 datasets/)')
    .option('--logo-base-url <url>', '学校 logo 相对路径的前缀')
    .option('--store <dir>', '反馈与令牌的存储目录 (默认: $GAOKAO_HOME, 否则 ~/.local/share/gaokao)')
    .option('--log', '输出请求日志 (JSON, 到标准输出)')
    .option(
      '--cors <origins>',
      '允许这些网页来源从浏览器调用 (逗号分隔, 如 http://localhost:5173; * 为任意来源). 默认不允许跨源',
    )
    .addHelpText(
      'after',
      '\n启动时先载入数据表, 建内存索引并预热常用查询 (内置数据约 2 秒), 就绪后才开始监听, 并打印所用时间.',
    )
    .action(
      async (opts: {
        port: string
        host: string
        httpStatus?: boolean
        datasets?: string
        logoBaseUrl?: string
        log?: boolean
        store?: string
        cors?: string
      }) => {
        const port = Number(opts.port)
        if (!Number.isInteger(port) || port < 0 || port > 65535) {
          io.stderr(`错误: --port 应为 0 到 65535 的整数, 收到 ${opts.port}\n`)
          return setExit(2)
        }
        const { parseCorsOrigins } = await import('../http/cors-origins.js')
        const corsOrigins = opts.cors === undefined ? [] : parseCorsOrigins(opts.cors)
        if (!Array.isArray(corsOrigins)) {
          io.stderr(`错误: ${corsOrigins.error}\n`)
          return setExit(2)
        }
        // An import killed late must not be served half done: finish or undo it first (datasets/import/recover.ts).
        const [{ recoverInterruptedImports }, { resolveDatasetsDir }] = await Promise.all([
          import('../datasets/import/recover.js'),
          import('../data/catalogue.js'),
        ])
        const dir = resolveDatasetsDir(opts.datasets)
        const recovery = existsSync(dir) ? await recoverInterruptedImports(dir) : { notes: [], unknown: [] }
        for (const note of recovery.notes) io.stderr(`${note}\n`)
        if (recovery.unknown.length) {
          io.stderr(
            `错误: ${recovery.unknown.join(', ')} 有上一次中断的导入留下的 .prev, 与 manifest.json 都不一致; 先运行 gaokao datasets validate\n`,
          )
          return setExit(1)
        }
        const { serve } = await import('../http/server.js')
        try {
          await serve({
            port,
            host: opts.host,
            httpStatus: opts.httpStatus,
            datasetsDir: opts.datasets,
            storeDir: opts.store,
            logger: opts.log,
            corsOrigins,
            settings: opts.logoBaseUrl ? { logoBaseUrl: opts.logoBaseUrl } : undefined,
            announce: (line) => io.stderr(`${line}\n`),
          })
        } catch (err) {
          io.stderr(`错误: 无法启动服务: ${err instanceof Error ? err.message : String(err)}\n`)
          setExit(1)
        }
      },
    )

  program
    .command('openapi')
    .description(
      '输出 HTTP API 的 OpenAPI 3.1 描述 (JSON; 与 serve 的 GET /openapi.json 相同), 供前端生成客户端',
    )
    .action(async () => {
      const [{ openApiDocument }, { ENDPOINTS }, { VERSION }] = await Promise.all([
        import('../http/openapi.js'),
        import('../endpoints/index.js'),
        import('../version.js'),
      ])
      io.stdout(renderJson(openApiDocument(ENDPOINTS, VERSION), io.isTTY))
    })

  program
    .command('call')
    .description('通过 HTTP 应用 (进程内, 不监听端口) 调用任意接口, 输出响应 JSON')
    .argument('<path>', '接口路径, 如 /api/v1/seating/list')
    .option('--data <json>', '请求体 JSON', '{}')
    .option('-X, --method <method>', 'HTTP 方法', 'POST')
    .option('--datasets <dir>', '数据目录')
    .action(async (path: string, opts: { data: string; method: string; datasets?: string }) => {
      const { buildApp } = await import('../http/app.js')
      const app = await buildApp({ datasetsDir: opts.datasets })
      const method = opts.method.toUpperCase() as 'GET' | 'POST'
      const res = await app.inject({
        method,
        url: path,
        payload: method === 'GET' ? undefined : opts.data,
        headers: { 'content-type': 'application/json' },
      })
      await app.close()
      const body = res.json() as { code?: number }
      io.stdout(renderJson(body, io.isTTY))
      if (typeof body.code === 'number' && body.code !== 200) setExit(body.code >= 500 ? 1 : 2)
    })

  registerDatasetsCommands(program, io, setExit)
  registerStoreCommands(program, io, setExit)
  registerSmartMatchCommands(program, io, setExit, prompter)
}
