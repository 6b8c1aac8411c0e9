import { defineRun } from './commands/define.js'

/** What `gaokao mcp` does (its options: commands/http.ts). */

interface McpOptions {
  datasets?: string
  store?: string
}

/**
 * Serves the endpoints as MCP tools over stdio (src/mcp/server.ts) until the client closes stdin or the process
 * gets SIGTERM / SIGINT. Stdout is the protocol's: the command prints nothing there (no render); notes go to stderr.
 */
export const mcpRun = defineRun({
  async action(_args, opts: McpOptions, io): Promise<void> {
    const [
      { StdioServerTransport },
      { createMcpServer, mcpEndpoints },
      { ENDPOINTS },
      { createContextFactory },
      { VERSION },
    ] = await Promise.all([
      import('@modelcontextprotocol/sdk/server/stdio.js'),
      import('../mcp/server.js'),
      import('../endpoints/index.js'),
      import('../endpoints/context.js'),
      import('../version.js'),
    ])
    const contexts = createContextFactory({ datasetsDir: opts.datasets, storeDir: opts.store })
    const server = createMcpServer({
      endpoints: ENDPOINTS,
      context: () => contexts.forCaller(null),
      version: VERSION,
      onInternalError: (err) => io.note(`内部错误: ${err instanceof Error ? err.message : String(err)}\n`),
    })
    const transport = new StdioServerTransport()
    const stopped = new Promise<void>((resolve) => {
      const stop = () => {
        process.stdin.off('end', stop)
        process.off('SIGTERM', stop)
        process.off('SIGINT', stop)
        resolve()
      }
      process.stdin.on('end', stop)
      process.on('SIGTERM', stop)
      process.on('SIGINT', stop)
      transport.onclose = stop
    })
    await server.connect(transport)
    io.note(`gaokao MCP 服务已就绪 (stdio), ${mcpEndpoints(ENDPOINTS).length} 个工具\n`)
    try {
      await stopped
    } finally {
      await server.close().catch(() => {})
      await contexts.stores.close()
      await contexts.db.close()
    }
  },
})
