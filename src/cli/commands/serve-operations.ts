import { DEFAULT_HEAVY_QUEUE, DEFAULT_WRITES_PER_MINUTE, LOG_LEVELS } from '../../http/serve-defaults.js'
import type { OptionSpec } from './define.js'

/** The operations options of `gaokao serve` (read by src/cli/serve-options.ts; docs/api.md, "Operations"). */
export const SERVE_OPERATIONS: readonly OptionSpec[] = [
  {
    flags: '--workers <n>',
    description: '工作进程数, 共用同一端口; 崩溃的进程自动重启 (默认: CPU 核数; 1 = 单进程)',
  },
  {
    flags: '--log-level <level>',
    description: '请求日志级别 (JSON 行, 输出到标准错误, 每个请求一行, 带请求 ID; silent = 不输出)',
    choices: LOG_LEVELS,
    default: 'info',
  },
  { flags: '--log', description: '旧选项, 已无作用: 请求日志现已默认输出 (见 --log-level)' },
  {
    flags: '--heavy-limit <n>',
    description:
      '每个工作进程同时计算的耗时请求数 (志愿推荐, 志愿表检查, bypass_cache 的冲稳保计数, 不分页的资讯列表; 默认: CPU 核数 / 工作进程数)',
  },
  {
    flags: '--heavy-queue <n>',
    description: '每个工作进程排队等待的耗时请求数上限, 再多即回答 503 "服务繁忙"',
    default: String(DEFAULT_HEAVY_QUEUE),
  },
  {
    flags: '--write-limit <n>',
    description: '每个客户端地址每分钟最多提交的写入请求数 (反馈), 超出回答 429; 0 = 不限',
    default: String(DEFAULT_WRITES_PER_MINUTE),
  },
  {
    flags: '--trust-proxy <addresses>',
    description:
      '位于反向代理或负载均衡之后时, 相信这些代理地址 (逗号分隔; 可用网段如 10.0.0.0/8, 或 loopback) 给出的 X-Forwarded-For: 写入限制与请求日志按真实客户端地址计',
  },
]

export const SERVE_OPERATIONS_HELP = `
运维接口: GET /healthz (进程存活), GET /readyz (数据已载入且与 manifest.json 一致; 否则 HTTP 503),
GET /api-docs (浏览接口文档, 资源来自本机). 数据目录与其 manifest.json 不一致时拒绝启动 (退出码 2).`
