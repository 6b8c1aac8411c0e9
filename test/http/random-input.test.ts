import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENDPOINTS } from '../../src/endpoints/index.js'
import { buildApp } from '../../src/http/app.js'
import { buildFixtureDatasets, tempStore } from '../helpers/datasets.js'

/**
 * Bad input gets a clear error in the envelope, never a crash or a 500 (docs/api.md, Decisions › "Bad requests").
 * Every route gets requests built from its usual field names and from values that have broken parsers before:
 * wrong types, blank and huge text, SQL and LIKE metacharacters, control characters, numbers in odd notations,
 * malformed bodies. The sequence is seeded, so a failure names a request that can be replayed.
 */

const FIELDS = [
  'province',
  'year',
  'batch',
  'subject',
  'subject_type',
  'xuanke',
  'score',
  'rank',
  'rank_year',
  'type',
  'page',
  'page_size',
  'limit',
  'keyword',
  'school_id',
  'school_name',
  'major_id',
  'sort_field',
  'sort_order',
  'sort_type',
  'km',
  'level',
  'plan_type',
  'bypass_cache',
  'module_type',
  'sub_module_type',
  'content',
  'contact',
  'source',
  'user_info',
] as const

const VALUES: readonly unknown[] = [
  '',
  ' ',
  null,
  -1,
  0,
  1,
  4,
  2025,
  '2025',
  // ids, names and values the fixture datasets hold, so that requests also reach past validation
  2001,
  '2001',
  '测试大学',
  '重庆',
  '河南',
  1e15,
  -1e15,
  1.5,
  'NaN',
  'Infinity',
  '0x10',
  '2e3',
  true,
  [],
  [1, 2],
  {},
  { province: '江苏', score: 'x' },
  '江苏',
  '湖北省',
  '火星',
  '本科批',
  '物理',
  '物理,化学,生物',
  '首选物理,再选化学',
  "'; DROP TABLE plans; --",
  '%',
  '_',
  '\\',
  '"',
  '\u0000',
  '\u202e',
  '😀',
  'x'.repeat(5000),
  'desc',
  'hot',
]

const BODIES = ['{', 'null', '[]', '"text"', '12', 'a=1&b=2']

/** A small linear congruential generator: the same seed, the same requests. */
function generator(seed: number) {
  let state = seed
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648
    return state / 2147483648
  }
  return <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T
}

let app: FastifyInstance
beforeAll(async () => {
  app = await buildApp({ datasetsDir: await buildFixtureDatasets(), storeDir: tempStore() })
})
afterAll(async () => app.close())

describe('random and hostile input on every route', () => {
  it('answers every request with JSON and never with a server error', async () => {
    const pick = generator(20261122)
    const failures: string[] = []
    for (let i = 0; i < 1200; i++) {
      const route = pick(ENDPOINTS).http
      const body: Record<string, unknown> = {}
      const fields = pick([0, 1, 2, 3, 4, 5])
      for (let k = 0; k < fields; k++) body[pick(FIELDS)] = pick(VALUES)
      const segment = encodeURIComponent(String(pick(VALUES)) || 'x')
      let url = route.path.replace(/:[a-z]+/g, segment)
      let payload: string | undefined
      let contentType = 'application/json'
      if (route.method === 'GET') {
        const query = new URLSearchParams()
        for (const [k, v] of Object.entries(body))
          query.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v))
        url += `?${query}`
      } else if (i % 10 === 0) {
        payload = pick(BODIES)
        contentType = pick(['application/json', 'text/plain', 'application/x-www-form-urlencoded'])
      } else payload = JSON.stringify(body)
      const res = await app.inject({
        method: route.method,
        url,
        payload,
        headers: payload === undefined ? {} : { 'content-type': contentType },
      })
      const request = `#${i} ${route.method} ${url.slice(0, 120)} ${String(payload).slice(0, 200)}`
      let json: { code?: unknown; message?: unknown } | undefined
      try {
        json = res.json()
      } catch {
        failures.push(`${request}: not JSON (${res.statusCode}) ${res.body.slice(0, 120)}`)
        continue
      }
      if (res.statusCode >= 500 || json?.code === 500)
        failures.push(`${request}: ${res.statusCode} ${JSON.stringify(json).slice(0, 200)}`)
      else if (/\bat .+\.(js|ts):\d+/.test(res.body)) failures.push(`${request}: a stack trace in the body`)
    }
    expect(failures).toEqual([])
  }, 120_000)
})
