import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js'
import type { AnyEndpoint, EndpointContext } from '../endpoints/define.js'
import { inputJsonSchema } from '../endpoints/input-json-schema.js'
import { invoke } from '../endpoints/invoke.js'

/**
 * `gaokao mcp`: the endpoints as Model Context Protocol tools, for AI assistants (the official TypeScript SDK's
 * low-level Server, over stdio in the CLI). Each tool is one endpoint of the registry: its name, its summary, its
 * input schema (the one the OpenAPI document gives its JSON body), and its answer is exactly the JSON the HTTP API
 * returns (the envelope, or the bare payload where the spec shows none), run through the same `invoke`. A bad
 * argument is the spec's error envelope, marked isError. Only what reads: feedback, which writes, is no tool.
 */

/** Endpoints an assistant may not call: they write. */
const WRITES: ReadonlySet<string> = new Set(['feedback'])

export function mcpEndpoints(endpoints: readonly AnyEndpoint[]): AnyEndpoint[] {
  return endpoints.filter((e) => !WRITES.has(e.name))
}

export function toolOf(def: AnyEndpoint): Tool {
  return {
    name: def.name,
    title: def.summary.split(':')[0],
    description: `${def.summary}\n(HTTP: ${def.http.method} ${def.http.path}; 返回与 HTTP 接口相同的 JSON)`,
    inputSchema: inputJsonSchema(def) as Tool['inputSchema'],
    annotations: { readOnlyHint: true, openWorldHint: false },
  }
}

export interface McpOptions {
  endpoints: readonly AnyEndpoint[]
  context: () => EndpointContext
  version: string
  /** A failure on our side (the client sees the spec's internal-error envelope only) */
  onInternalError?: (err: unknown) => void
}

export function createMcpServer(opts: McpOptions): Server {
  const endpoints = mcpEndpoints(opts.endpoints)
  const byName = new Map(endpoints.map((e) => [e.name, e]))
  const server = new Server(
    { name: 'gaokao', version: opts.version },
    {
      capabilities: { tools: {} },
      instructions:
        '离线高考志愿数据 (一分一段、批次线、招生计划、历年分数、冲稳保志愿表等)。各工具与 HTTP 接口 (SPEC.md) 一一对应, 返回相同的 JSON。',
    },
  )
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: endpoints.map(toolOf) }))
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const def = byName.get(request.params.name)
    if (!def)
      return {
        content: [{ type: 'text', text: `未知工具: ${request.params.name}` }],
        isError: true,
      }
    const outcome = await invoke(def, request.params.arguments ?? {}, opts.context(), opts.onInternalError)
    return {
      content: [{ type: 'text', text: JSON.stringify(outcome.body) }],
      ...(outcome.error ? { isError: true } : {}),
    }
  })
  return server
}
