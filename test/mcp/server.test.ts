import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createContextFactory } from '../../src/endpoints/context.js'
import { ENDPOINTS } from '../../src/endpoints/index.js'
import { buildApp } from '../../src/http/app.js'
import { createMcpServer } from '../../src/mcp/server.js'
import { buildFixtureDatasets, tempStore } from '../helpers/datasets.js'

let app: FastifyInstance
let client: Client
let contexts: ReturnType<typeof createContextFactory>
beforeAll(async () => {
  const dir = await buildFixtureDatasets()
  app = await buildApp({ datasetsDir: dir, storeDir: tempStore() })
  contexts = createContextFactory({ datasetsDir: dir, storeDir: tempStore() })
  const server = createMcpServer({
    endpoints: ENDPOINTS,
    context: () => contexts.forCaller(null),
    version: 'test',
  })
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await server.connect(serverSide)
  client = new Client({ name: 'test', version: '1' })
  await client.connect(clientSide)
})
afterAll(async () => {
  await client.close()
  await app.close()
  await contexts.db.close()
})

const httpBody = async (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  (
    await app.inject({
      method,
      url,
      ...(payload === undefined
        ? {}
        : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }),
    })
  ).json()

const callTool = async (name: string, args: Record<string, unknown>) => {
  const result = (await client.callTool({ name, arguments: args })) as {
    content: { type: string; text: string }[]
    isError?: boolean
  }
  expect(result.content).toHaveLength(1)
  return { body: JSON.parse(result.content[0]?.text ?? 'null'), isError: result.isError === true }
}

describe('gaokao mcp: the endpoints as tools of a Model Context Protocol server', () => {
  it('lists every endpoint that only reads, with its input schema, and not feedback', async () => {
    const { tools } = await client.listTools()
    const names = tools.map((t) => t.name).sort()
    expect(names).toEqual(
      ENDPOINTS.map((e) => e.name)
        .filter((n) => n !== 'feedback')
        .sort(),
    )
    const smartMatch = tools.find((t) => t.name === 'smart-match')
    expect(smartMatch?.inputSchema.type).toBe('object')
    expect(Object.keys(smartMatch?.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['province', 'batch', 'rank_year', 'score', 'xuanke']),
    )
    expect(smartMatch?.annotations?.readOnlyHint).toBe(true)
  })

  it('answers a tool call with the JSON the HTTP API returns (seating list, school plans, a major’s schools)', async () => {
    const seating = { province: '江苏', year: '2025', km: '物理类' }
    const tool = await callTool('seating-list', seating)
    expect(tool.isError).toBe(false)
    expect(tool.body.data.list.length).toBeGreaterThan(0)
    expect(tool.body).toEqual(await httpBody('POST', '/api/v1/seating/list', seating))

    const plans = { province: '江苏', year: '2025', limit: 5 }
    const planTool = await callTool('get-school-plan', plans)
    expect(planTool.body).toEqual(await httpBody('POST', '/api/v1/get-school-plan', plans))

    // a GET endpoint: its path value is one more argument
    const offering = await callTool('offering-schools', { id: '1', province: '江苏' })
    expect(offering.body).toEqual(await httpBody('GET', '/api/v1/majors/1/offering-schools?province=江苏'))
  })

  it('answers bad arguments with the spec’s error envelope, marked as an error, and refuses unknown tools', async () => {
    const bad = await callTool('seating-list', { province: '江苏', year: 'abcd' })
    expect(bad.isError).toBe(true)
    expect(bad.body).toEqual(
      await httpBody('POST', '/api/v1/seating/list', { province: '江苏', year: 'abcd' }),
    )
    expect(bad.body.code).toBe(400)
    const unknown = (await client.callTool({ name: 'feedback', arguments: { content: 'x' } })) as {
      isError?: boolean
    }
    expect(unknown.isError).toBe(true)
  })
})
