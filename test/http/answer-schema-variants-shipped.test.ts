import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENDPOINTS } from '../../src/endpoints/index.js'
import { buildApp } from '../../src/http/app.js'
import { type TokenClaims, TokenStore } from '../../src/store/tokens.js'
import { tempStore } from '../helpers/datasets.js'

// In the slow tier (shipped datasets): every answer the server gives fits the OpenAPI document it serves
// (GET /openapi.json), and every field of it is described there. The requests are chosen, endpoint by endpoint, to
// give each shape of answer the spec names and each field both with a value and null where the data have both: a
// token holder's my_seating (SPEC 2.4), each of 4.11's four variants, 985 / 211 schools and others (2.17, 2.18),
// years without plans and with plans not yet admitted (2.10, 2.17), provinces with and without major lines (2.7),
// open majors with and without codes (2.15) ... Each says what its answer shows (`shows`), so that a change of the
// data that no longer gives the variant fails here instead of passing quietly. Unlike
// response-schemas-shipped.test.ts, which re-checks the answers the document was inferred from, these requests are
// written here, and the validator is Ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1), not the project's own.

interface Probe {
  endpoint: string
  input: Record<string, unknown>
  /** Sent with a Bearer token of these claims */
  token?: TokenClaims
  /** What the answer's data must show for the probe to test what it is here for */
  shows?: (data: any) => boolean
}

const JIANGSU_PHYSICS = { province: '江苏', year: '2025', km: '物理' }
const CANDIDATE = {
  province: '江苏',
  rank_year: 2025,
  rank: 20000,
  subject: '物理',
  xuanke: '物理,化学,生物',
}
const someItem = (list: any[] | undefined, test: (x: any) => boolean) => (list ?? []).some(test)
const isNull = (v: unknown) => v === null
const has = (v: unknown) => v !== null && v !== undefined

const PROBES: Probe[] = [
  // 2.3: a table; a province without tables; a year without one
  { endpoint: 'seating-list', input: JIANGSU_PHYSICS, shows: (d) => d.list.length > 0 },
  { endpoint: 'seating-list', input: { province: '西藏' }, shows: (d) => d.options.year_list.length === 0 },
  { endpoint: 'seating-list', input: { province: '江苏', year: '2010' }, shows: (d) => d.list.length === 0 },
  // 2.4: anonymous (my_seating null); a token holder's place (an object, with our same_rank); a score whose
  // rank earlier tables do not reach (same_rank's score null); a score below the table; no table (4.2: [])
  { endpoint: 'seating-seating', input: JIANGSU_PHYSICS, shows: (d) => d.my_seating === null },
  {
    endpoint: 'seating-seating',
    input: JIANGSU_PHYSICS,
    token: { province: '江苏', score: 600, km: '物理' },
    shows: (d) => has(d.my_seating?.seating_sec) && d.same_rank?.years.length > 0,
  },
  {
    endpoint: 'seating-seating',
    input: JIANGSU_PHYSICS,
    token: { province: '江苏', score: 463, km: '物理' },
    shows: (d) => someItem(d.same_rank?.years, (y) => y.score === null && y.total === null),
  },
  {
    endpoint: 'seating-seating',
    input: JIANGSU_PHYSICS,
    token: { province: '江苏', score: 300, km: '物理' },
    shows: (d) => d.my_seating === null && d.arr.length > 0,
  },
  {
    endpoint: 'seating-seating',
    input: { province: '北京', year: '2025' },
    token: { province: '北京', score: 500, km: '综合' },
    shows: (d) => d.same_rank?.years.length > 1,
  },
  { endpoint: 'seating-seating', input: { province: '江苏', year: '2010' }, shows: (d) => Array.isArray(d) },
  { endpoint: 'seating-option', input: {} },
  { endpoint: 'seating-option', input: { province: '广东' } },
  { endpoint: 'meta-subjects', input: {} },
  { endpoint: 'meta-subjects', input: { province: '江苏', year: '2025', source: 'plans' } },
  { endpoint: 'meta-batches', input: { source: 'picixian', province: '江苏', year: '2025' } },
  { endpoint: 'meta-batches', input: { source: 'plans' } },
  // 2.7: major_score "string or null": a province with major lines, one without
  {
    endpoint: 'province-score-lines',
    input: { province: '北京' },
    shows: (d) => someItem(d.items, (i) => typeof i.major_score === 'string'),
  },
  {
    endpoint: 'province-score-lines',
    input: { province: '云南', year: '2026' },
    shows: (d) => someItem(d.items, (i) => i.major_score === null),
  },
  {
    endpoint: 'province-score-lines',
    input: { keyword: '没有这个批次' },
    shows: (d) => d.items.length === 0,
  },
  { endpoint: 'province-distribution', input: {} },
  { endpoint: 'province-distribution', input: { year: '2023' } },
  { endpoint: 'historical-scores-list', input: { province: '江苏', year: '2024', limit: 50 } },
  {
    endpoint: 'historical-scores-list',
    input: { province: '江苏', school_name: '南京大学', year: '近三年' },
  },
  {
    endpoint: 'historical-scores-list',
    input: { province: '河南', subject_type: '艺术', batch: '特殊类型招生' },
  },
  {
    endpoint: 'historical-scores-list',
    input: { keyword: '没有这个专业' },
    shows: (d) => d.list.length === 0,
  },
  // 2.10 (fields nullable unless stated): codes, lengths and fees of 2025; plans of 2026 not yet admitted (min
  // null); averages of 2017; the highest scores of 广东 2024
  {
    endpoint: 'get-school-plan',
    input: { province: '江苏', year: '2025', limit: 40, page: 320 },
    shows: (d) => someItem(d.list, (r) => has(r.spcode) && has(r.length) && has(r.tuition)),
  },
  {
    endpoint: 'get-school-plan',
    input: { province: '江苏', year: '2026', limit: 20 },
    shows: (d) => someItem(d.list, (r) => r.min === null),
  },
  {
    endpoint: 'get-school-plan',
    input: { province: '河南', year: '2017', limit: 20 },
    shows: (d) => someItem(d.list, (r) => has(r.average)),
  },
  {
    endpoint: 'get-school-plan',
    input: { province: '广东', year: '2024', limit: 50, page: 100 },
    shows: (d) => someItem(d.list, (r) => has(r.max)),
  },
  { endpoint: 'get-school-plan', input: { province: 'cur', year: '近五年', school_type: '211' } },
  { endpoint: 'get-school-plan', input: { province: '西藏', year: '2017' } },
  { endpoint: 'special-plan', input: { province: '西藏', year: '2025' } },
  { endpoint: 'special-plan', input: { plan_type: 1, keyword: '计算机', limit: 5 } },
  { endpoint: 'special-plan', input: {}, token: { province: '青海', score: 500, km: '物理' } },
  { endpoint: 'category-stats', input: { province: '江苏', year: '2025', subject_type: '物理类' } },
  { endpoint: 'category-stats', input: { province: '江苏', year: '2010', subject_type: '物理类' } },
  {
    endpoint: 'category-stats',
    input: { province: '浙江', year: '2023', subject_type: '综合' },
    shows: (d) => someItem(d, (s) => s.undergrad_admitted === null),
  },
  { endpoint: 'smart-match', input: { ...CANDIDATE, batch: '本科批' } },
  {
    endpoint: 'smart-match',
    input: { ...CANDIDATE, province: '浙江', batch: '普通类一段', subject: '综合', type: 4 },
  },
  {
    endpoint: 'smart-match',
    input: { ...CANDIDATE, province: '新疆', batch: '本科一批', subject: '理科', rank: 0, score: 500 },
  },
  {
    endpoint: 'smart-match',
    input: { ...CANDIDATE, province: '河南', batch: '本科批', school_provinces: '江苏,浙江', public_only: 1 },
  },
  {
    endpoint: 'cwb-num',
    input: { user_info: { ...CANDIDATE, score: '600', batch: '本科批' }, rank_year: 2025 },
  },
  {
    endpoint: 'volunteer-check',
    input: { ...CANDIDATE, choices: '1111/01,南大/01,南京大学/99,苏大/32,火星大学/01' },
    shows: (d) => someItem(d.choices, (c) => has(c.note)) && someItem(d.choices, (c) => c.note === null),
  },
  { endpoint: 'volunteer-check', input: { ...CANDIDATE, choices: '火星大学/01' } },
  // 4.11's four variants: the category options (4,3), a news page, the whole news list, and the other modules'
  // items; an empty page and an empty module
  {
    endpoint: 'common-question-list',
    input: { module_type: 4, sub_module_type: 3 },
    shows: (d) => typeof d.category_enum === 'object',
  },
  {
    endpoint: 'common-question-list',
    input: { module_type: 4, sub_module_type: 4, page: 1, limit: 5 },
    shows: (d) => someItem(d.list, (i) => has(i.description) && has(i.category_labels)),
  },
  {
    endpoint: 'common-question-list',
    input: { module_type: 4, sub_module_type: 4, page: 1, limit: 5, category: 2, keyword: '没有这个标题' },
    shows: (d) => d.list.length === 0,
  },
  {
    endpoint: 'common-question-list',
    input: { module_type: 4, sub_module_type: 4, sort_type: 3 },
    shows: (d) => Array.isArray(d) && someItem(d, (i) => !('description' in i)),
  },
  {
    endpoint: 'common-question-list',
    input: { module_type: 2, sub_module_type: 1 },
    shows: (d) => Array.isArray(d) && someItem(d, (i) => !('created_at' in i)),
  },
  { endpoint: 'common-question-list', input: { module_type: 6, sub_module_type: 4 } },
  { endpoint: 'feedback', input: { feedback_type: 1, content: '答案结构的检查', contact: 'a@example.com' } },
  // 2.15: codes, major ids and lowest scores present and null
  {
    endpoint: 'school-open-majors',
    input: { school_id: 111, province: '江苏' },
    shows: (d) => someItem(d, (m) => has(m.spcode)) && someItem(d, (m) => m.spcode === null),
  },
  {
    endpoint: 'school-open-majors',
    input: { school_id: 266, province: '四川', sort_field: 'hot', sort_order: 'asc' },
  },
  {
    endpoint: 'schools-open-majors',
    input: { school_id: 111, province: '江苏', year: '2024' },
    shows: (d) => someItem(d.list, (m) => has(m.major_id) && has(m.min) && has(m.min_section)),
  },
  {
    endpoint: 'schools-open-majors',
    input: { school_id: 266, province: '四川', year: '2025' },
    shows: (d) => someItem(d.list, (m) => has(m.spcode) && m.min === null),
  },
  { endpoint: 'schools-open-majors', input: { school_id: 140, province: '北京', year: '2025' } },
  // 2.17: f985 / f211 "string or null"; min, min_section, z_num null for a year without plans, min null for plans
  // not yet admitted
  {
    endpoint: 'major-groups',
    input: { slug: '南京大学', province: '江苏', year: '2025' },
    shows: (d) => d.f985 === '985',
  },
  {
    endpoint: 'major-groups',
    input: { slug: '苏州大学', province: '江苏', year: '2025' },
    shows: (d) => d.f985 === null && d.f211 === '211',
  },
  {
    endpoint: 'major-groups',
    input: { slug: '南京工业大学', province: '江苏' },
    shows: (d) => d.f211 === null,
  },
  {
    endpoint: 'major-groups',
    input: { slug: '南京大学', province: '江苏', year: '2016' },
    shows: (d) => [d.min, d.min_section, d.z_num].every(isNull) && d.zy_groups.length === 0,
  },
  {
    endpoint: 'major-groups',
    input: { slug: '南京大学', province: '江苏', year: '2026' },
    shows: (d) => d.min === null && d.z_num !== null,
  },
  { endpoint: 'major-groups', input: { slug: '140' } },
  // 2.18: f985, f211, dual_class_name "string or null"
  {
    endpoint: 'offering-schools',
    input: { id: '140', is_985: 1, page_size: 5 },
    shows: (d) => someItem(d.items, (s) => s.f985 === '985' && s.dual_class_name === '双一流'),
  },
  {
    endpoint: 'offering-schools',
    input: { id: '1', is_211: 1 },
    shows: (d) => someItem(d.items, (s) => s.f985 === null && s.f211 === '211'),
  },
  {
    endpoint: 'offering-schools',
    input: { id: '1', province: '江苏' },
    shows: (d) => someItem(d.items, (s) => [s.f985, s.f211, s.dual_class_name].every(isNull)),
  },
  {
    endpoint: 'offering-schools',
    input: { id: '140', province: '江苏' },
    shows: (d) => d.items.length === 0,
  },
  { endpoint: 'hot-school-list', input: {} },
  {
    endpoint: 'hot-school-list',
    input: { year: 2021 },
    shows: (d) => someItem(d, (s) => s.min_rank === null),
  },
  { endpoint: 'hot-school-list', input: { major_id: 3000 }, shows: (d) => d.length === 0 },
  { endpoint: 'employment', input: { major_name: '计算机' } },
  { endpoint: 'employment', input: { major_name: '不存在的专业' } },
  {
    endpoint: 'employment',
    input: { cate1: '工学', degree: '专科', sort_type: 'salary_asc', page_size: 50 },
  },
  { endpoint: 'job-prospect-ranking', input: {} },
]

const byName = new Map(ENDPOINTS.map((d) => [d.name, d]))
let app: FastifyInstance
let doc: any
let store: string
beforeAll(async () => {
  store = tempStore()
  // The shipped datasets (no datasetsDir); the clock of scripts/golden-requests.mjs
  app = await buildApp({ storeDir: store, now: () => new Date('2026-11-26T00:00:00Z') })
  doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json()
})
afterAll(() => app.close())

/** The request of a probe: a GET's path parameters in its path and the rest in its query; a POST's body */
function requestOf(probe: Probe) {
  const def = byName.get(probe.endpoint)
  if (!def) throw new Error(`no endpoint ${probe.endpoint}`)
  if (def.http.method === 'POST')
    return { def, method: 'POST' as const, url: def.http.path, payload: probe.input }
  const rest = { ...probe.input }
  const url = def.http.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = String(rest[name])
    delete rest[name]
    return encodeURIComponent(value)
  })
  const query = new URLSearchParams(Object.entries(rest).map(([k, v]): [string, string] => [k, String(v)]))
  return { def, method: 'GET' as const, url: `${url}?${query}` }
}

const pointer = (s: string) => s.replaceAll('~', '~0').replaceAll('/', '~1')
const operationPath = (def: { http: { method: string; path: string } }) =>
  `/paths/${pointer(def.http.path.replace(/:(\w+)/g, '{$1}'))}/${def.http.method.toLowerCase()}`

/** The schema the document gives the answer's data (the envelope's data, or the bare answer) */
function dataSchema(def: { http: { method: string; path: string }; envelope?: boolean }): any {
  const [, ...keys] = operationPath(def).split('/')
  let op = doc
  for (const k of keys) op = op[k.replaceAll('~1', '/').replaceAll('~0', '~')]
  const answer = op.responses['200'].content['application/json'].schema.oneOf[0]
  return def.envelope === false ? answer : answer.allOf?.[1]?.properties.data
}

/**
 * The fields of `value` the schema does not name (JSON Schema accepts them, but a client generated from the
 * document would drop them): every object of the answer, at any depth, against the properties, items and
 * variants (anyOf) the schema gives for that place.
 */
function undescribed(schema: any, value: unknown, path = 'data'): string[] {
  if (schema === undefined || value === null || typeof value !== 'object') return []
  const members: any[] = schema.anyOf ?? [schema]
  if (Array.isArray(value)) {
    const items = members.filter((m) => m.items).map((m) => m.items)
    if (!items.length) return []
    return value.flatMap((v) => {
      const each = items.map((s) => undescribed(s, v, `${path}[]`))
      return each.find((e) => e.length === 0) ?? each[0] ?? []
    })
  }
  const each = members.map((m) =>
    Object.entries(value).flatMap(([k, v]) =>
      m.properties && Object.hasOwn(m.properties, k)
        ? undescribed(m.properties[k], v, `${path}.${k}`)
        : m.additionalProperties
          ? undescribed(m.additionalProperties, v, `${path}.${k}`)
          : [`${path}.${k}`],
    ),
  )
  return each.find((e) => e.length === 0) ?? each[0] ?? []
}

/**
 * What is wrong with the answers to `probes`: an answer that does not fit the served document (Ajv), a field it
 * does not describe, a probe that no longer gives what it is there for. A refused request fails at once (a probe
 * must be answered).
 */
async function misfits(probes: readonly Probe[]): Promise<string[]> {
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  ajv.addSchema(doc, 'openapi.json')
  const tokens = new TokenStore(store)
  const failures: string[] = []
  for (const probe of probes) {
    const { def, ...request } = requestOf(probe)
    const headers = probe.token ? { authorization: `Bearer ${tokens.create(probe.token).token}` } : {}
    const res = await app.inject({ ...request, headers })
    const body = res.json()
    const what = `${probe.endpoint} ${JSON.stringify(probe.input)}${probe.token ? ' (token)' : ''}`
    expect(res.statusCode, what).toBe(200)
    expect(body.code === undefined || body.code === 200, `${what}: ${body.message}`).toBe(true)
    const data = def.envelope === false ? body : body.data
    if (probe.shows && !probe.shows(data)) failures.push(`${what}: no longer gives the answer it is here for`)
    const schema = `openapi.json#${operationPath(def)}/responses/200/content/application~1json/schema`
    const validate = ajv.getSchema(schema)
    if (!validate) throw new Error(`no schema for ${what}`)
    if (!validate(body)) {
      // said by the answer's branch of the oneOf, not the error envelope's
      const answer = ajv.getSchema(`${schema}/oneOf/0`)
      answer?.(body)
      const errors = (answer?.errors ?? validate.errors ?? []).slice(0, 3)
      failures.push(`${what}: ${errors.map((e: ErrorObject) => `${e.instancePath} ${e.message}`).join('; ')}`)
    }
    const extra = undescribed(dataSchema(def), data)
    if (extra.length) failures.push(`${what}: not described: ${[...new Set(extra)].slice(0, 3).join(', ')}`)
  }
  return failures
}

describe('the answers the server gives, against the OpenAPI document it serves', () => {
  it('asks every endpoint', () => {
    expect([...new Set(PROBES.map((p) => p.endpoint))].sort()).toEqual(ENDPOINTS.map((d) => d.name).sort())
  })

  it('fit the document (Ajv, JSON Schema 2020-12), every field described, each probe giving its variant', async () => {
    expect(await misfits(PROBES)).toEqual([])
  })

  it('fit it in every province, for a year of each exam mode', async () => {
    // What the probes above do not think of: the answers that follow a province's data (its tables, lines, plans
    // and figures), in every province the server names, for 2023 and 2025 (a reform lies between them in eight).
    const option = await app.inject({ method: 'POST', url: '/api/v1/seating/option', payload: {} })
    const provinces: string[] = option.json().data.province_list
    expect(provinces.length).toBeGreaterThan(30)
    const sweep: Probe[] = provinces.flatMap((province) => [
      { endpoint: 'seating-seating', input: { province }, token: { province, score: 550, km: '物理' } },
      ...['2023', '2025'].flatMap((year): Probe[] => [
        { endpoint: 'seating-list', input: { province, year } },
        { endpoint: 'province-score-lines', input: { province, year, pageSize: 100 } },
        { endpoint: 'get-school-plan', input: { province, year, limit: 50, page: 2 } },
        { endpoint: 'special-plan', input: { province, year, limit: 50 } },
        { endpoint: 'historical-scores-list', input: { province, year, limit: 50, page: 3 } },
        ...['物理类', '历史类', '理科', '文科', '综合'].map((subject_type) => ({
          endpoint: 'category-stats',
          input: { province, year, subject_type },
        })),
      ]),
    ])
    expect(await misfits(sweep)).toEqual([])
  })
})
