import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENDPOINTS } from '../../src/endpoints/index.js'
import { buildApp } from '../../src/http/app.js'
import { buildFixtureDatasets, tempStore } from '../helpers/datasets.js'

/**
 * The names of Object.prototype's members as values: a plain object used as a table answers `constructor` or
 * `__proto__` with its prototype's member, and `'constructor' in table` is true. They were internal errors (code 500)
 * as km, type_name, subject_type or source, and a token of {"toString":"x"} was one too. Every route, every field
 * that names something, every such name: never a server error.
 */
const NAMES = ['constructor', 'toString', '__proto__', 'valueOf', 'hasOwnProperty', 'prototype']
const FIELDS = [
  'km',
  'type_name',
  'subject_type',
  'source',
  'province',
  'batch',
  'subject',
  'xuanke',
  'sort_type',
  'sort_field',
  'level_name',
  'level',
  'plan_type',
  'keyword',
  'token',
  'type',
]
const BASE = { province: '江苏', year: 2025, batch: '本科批', rank_year: 2025, score: 600, subject: '物理' }

let app: FastifyInstance
beforeAll(async () => {
  app = await buildApp({ datasetsDir: await buildFixtureDatasets(), storeDir: tempStore() })
})
afterAll(async () => app.close())

describe("names of Object.prototype's members as values", () => {
  it('are answered as unknown values on every route, never with a server error', async () => {
    const failures: string[] = []
    for (const { http } of ENDPOINTS) {
      for (const field of FIELDS) {
        for (const name of NAMES) {
          const body: Record<string, unknown> = { ...BASE, [field]: name }
          let url = http.path.replace(/:[a-z]+/g, encodeURIComponent(name))
          if (http.method === 'GET') url += `?${new URLSearchParams(body as Record<string, string>)}`
          const res = await app.inject({
            method: http.method,
            url,
            ...(http.method === 'GET' ? {} : { payload: body }),
          })
          if (res.statusCode >= 500 || res.json().code === 500)
            failures.push(`${http.method} ${url.slice(0, 80)} ${field}=${name}: ${res.body.slice(0, 120)}`)
        }
      }
    }
    expect(failures).toEqual([])
  }, 120_000)

  it('an object as smart-match token is a 400 naming the field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/volunteer/smart-match',
      payload: { ...BASE, xuanke: '物理,化学,生物', token: { toString: 'x' } },
    })
    expect(res.json()).toMatchObject({ code: 400, message: '参数 token 无效: 应为文本或数字' })
  })
})
