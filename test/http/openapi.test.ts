import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENDPOINTS } from '../../src/endpoints/index.js'
import { buildApp } from '../../src/http/app.js'
import { runGaokao } from '../helpers/cli.js'
import { buildFixtureDatasets, tempStore } from '../helpers/datasets.js'

// GET /openapi.json and `gaokao openapi`: the registry described for front ends' client generators.
let app: FastifyInstance
let doc: any
beforeAll(async () => {
  app = await buildApp({ datasetsDir: await buildFixtureDatasets(), storeDir: tempStore() })
  const res = await app.inject({ method: 'GET', url: '/openapi.json' })
  expect(res.statusCode).toBe(200)
  doc = res.json()
})
afterAll(() => app.close())

const operationOf = (name: string) => {
  const def = ENDPOINTS.find((d) => d.name === name)
  if (!def) throw new Error(name)
  return doc.paths[def.http.path.replace(/:(\w+)/g, '{$1}')][def.http.method.toLowerCase()]
}

describe('the OpenAPI document', () => {
  it('has one operation per endpoint of the registry, at its path and method, named after it', () => {
    expect(doc.openapi).toBe('3.1.0')
    const operations = Object.values(doc.paths).flatMap((p: any) => Object.values(p)) as any[]
    expect(operations.map((o) => o.operationId).sort()).toEqual(ENDPOINTS.map((d) => d.name).sort())
    for (const def of ENDPOINTS) expect(operationOf(def.name).operationId).toBe(def.name)
  })
  it('describes POST bodies field by field, required fields marked, legacy fields left out', () => {
    const body = operationOf('smart-match').requestBody.content['application/json'].schema
    expect(Object.keys(body.properties)).toEqual(
      expect.arrayContaining(['province', 'batch', 'rank_year', 'xuanke']),
    )
    expect(body.properties).not.toHaveProperty('is_key')
    expect(body.properties.type.examples).toEqual(['1', '2', '3', '4'])
    const seating = operationOf('seating-seating').requestBody.content['application/json'].schema
    expect(seating.required).toEqual(['province'])
    expect(seating.properties.province.description).toContain('省份')
  })
  it('describes GET routes by path and query parameters', () => {
    const params = operationOf('major-groups').parameters as any[]
    const path = params.filter((p) => p.in === 'path')
    expect(path).toHaveLength(1)
    expect(path[0].required).toBe(true)
    expect(params.some((p) => p.in === 'query' && p.name === 'province')).toBe(true)
  })
  it('says which answers carry the envelope, and keeps the CLI’s own metadata out', () => {
    const schemaOf = (name: string) => operationOf(name).responses[200].content['application/json'].schema
    expect(schemaOf('seating-list')).toEqual({ $ref: '#/components/schemas/Envelope' })
    expect(schemaOf('employment')).toEqual({})
    const text = JSON.stringify(doc)
    for (const key of ['"placeholder"', '"hidden"', '"flag"', '"$schema"']) expect(text).not.toContain(key)
  })
  it('is what `gaokao openapi` prints', async () => {
    const run = await runGaokao(['openapi'])
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toEqual(doc)
  })
})
