import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/http/app.js'
import { buildFixtureDatasets, tempStore } from '../helpers/datasets.js'

const BIN = fileURLToPath(new URL('../../bin/gaokao.js', import.meta.url))

// In the slow tier: a real `gaokao mcp` process (the build), driven by the SDK's own client over stdio.
let dir: string
let client: Client
let stderr = ''
beforeAll(async () => {
  dir = await buildFixtureDatasets()
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', '--datasets', dir, '--store', tempStore()],
    stderr: 'pipe',
  })
  transport.stderr?.on('data', (chunk) => {
    stderr += String(chunk)
  })
  client = new Client({ name: 'test', version: '1' })
  await client.connect(transport)
})
afterAll(() => client.close())

describe('gaokao mcp, a real process over stdio', () => {
  it('lists the tools and answers three of them as the HTTP API does', async () => {
    const { tools } = await client.listTools()
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['seating-list', 'smart-match', 'cwb-num']),
    )
    expect(tools.map((t) => t.name)).not.toContain('feedback')
    const app = await buildApp({ datasetsDir: dir, storeDir: tempStore() })
    try {
      const calls: [string, string, Record<string, unknown>][] = [
        ['seating-list', '/api/v1/seating/list', { province: '江苏', year: '2025', km: '物理类' }],
        ['seating-option', '/api/v1/seating/option', { province: '江苏' }],
        ['meta-subjects', '/api/v1/meta/subjects', { province: '江苏', year: '2025' }],
      ]
      for (const [tool, url, args] of calls) {
        const result = (await client.callTool({ name: tool, arguments: args })) as {
          content: { text: string }[]
        }
        const http = await app.inject({
          method: 'POST',
          url,
          payload: JSON.stringify(args),
          headers: { 'content-type': 'application/json' },
        })
        expect(JSON.parse(result.content[0]?.text ?? 'null')).toEqual(http.json())
      }
    } finally {
      await app.close()
    }
    // stdout is the protocol's; what the command says goes to stderr
    expect(stderr).toContain('MCP 服务已就绪')
  })
})
