import { describe, expect, it } from 'vitest'
import { ENDPOINTS } from '../../src/endpoints/index.js'
import {
  describeAnswers,
  inferSchema,
  mergeSchemas,
  type Schema,
  schemaMismatch,
} from '../../src/http/answer-schemas.js'
import { openApiDocument } from '../../src/http/openapi.js'
import { SPEC_TYPES } from '../../src/http/spec-types.js'

// How the answer schemas of the OpenAPI document are made (src/http/answer-schemas.ts): the samples give the shape
// and the variants, the spec's field tables (SPEC_TYPES) the types; and what the recorded document says. The live
// answers against the served document: test/http/answer-schema-variants-shipped.test.ts (slow tier).

const typesOf = (s: Schema | undefined): string[] =>
  s?.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type]

/** Every schema in `s`, with its path in the answer (as SPEC_TYPES writes paths) */
function* walk(s: Schema, path = ''): Generator<[string, Schema]> {
  for (const m of s.anyOf ?? [s]) {
    yield [path, m]
    for (const [k, v] of Object.entries(m.properties ?? {})) yield* walk(v, path ? `${path}.${k}` : k)
    if (m.items) yield* walk(m.items, `${path}[]`)
    if (m.additionalProperties) yield* walk(m.additionalProperties, `${path}{}`)
  }
}

describe('describing answers', () => {
  it('never records a field as null alone: the spec types one null in every sample, else it is an error', () => {
    const school = { sid: 1, name: 'x', f985: null, f211: null, dual_class_name: null }
    const { schema } = describeAnswers('offering-schools', [{ items: [school], data: [school] }])
    const item = schema.properties?.items?.items?.properties
    expect(item?.f985?.type).toEqual(['null', 'string'])
    expect(item?.dual_class_name?.type).toEqual(['null', 'string'])
    // volunteer-check is not in the spec: a field it always answered null has no known type
    expect(() => describeAnswers('volunteer-check', [{ choices: [{ note: null }] }])).toThrow(
      /volunteer-check choices\[\]\.note: null in every answer/,
    )
  })

  it('makes a field nullable where the spec says "or null", though no sample was null', () => {
    const { schema } = describeAnswers('major-groups', [{ sid: 1, f985: '985', f211: '211', min: 600 }])
    expect(schema.properties?.f985?.type).toEqual(['null', 'string'])
    // and where a sample was null, whatever the spec says (unknown values), with a note
    const old = describeAnswers('major-groups', [{ sid: 1, f985: '985', f211: '211', min: null }])
    expect(old.schema.properties?.min?.type).toEqual(['null', 'number'])
    expect(old.notes.join('\n')).toContain(
      'major-groups: null where the spec has no null (unknown values): min',
    )
  })

  it("says the spec's types: 'number' unless the spec says integer, a type the spec does not give added and noted", () => {
    const { schema, notes } = describeAnswers('school-open-majors', [
      [{ min: 600, plan_count: 2, spname: 7 }],
    ])
    expect(schema.items?.properties?.min?.type).toBe('integer')
    // 2.15 types spname a string: the answer's number is accepted and reported
    expect(schema.items?.properties?.spname?.type).toEqual(['number', 'string'])
    expect(notes.join('\n')).toContain("other types than the spec's: [].spname integer (the spec: string)")
    // a field the spec does not type: a whole number in every sample is still only a number
    const check = describeAnswers('volunteer-check', [{ summary: { draws: 10000 } }])
    expect(check.schema.properties?.summary?.properties?.draws?.type).toBe('number')
  })

  it("keeps 4.11's variants apart (anyOf): an array of items, the category options, a news page", () => {
    const item = { id: 1, title: 't', category_enum: 2 }
    const { schema } = describeAnswers('common-question-list', [
      [item],
      [{ ...item, description: 'd', created_at: '2026-01-01 00:00' }],
      { category_enum: { 1: '政策解读', 2: '考试信息' } },
      {
        list: [{ ...item, description: 'd', created_at: '2026-01-01 00:00:00' }],
        total: 1,
        page: 1,
        limit: 5,
      },
    ])
    expect(schema.anyOf?.map((v) => Object.keys(v.properties ?? v.items?.properties ?? {}))).toEqual([
      ['id', 'title', 'category_enum', 'description', 'created_at'],
      ['category_enum'],
      ['list', 'total', 'page', 'limit'],
    ])
    const [items, options, page] = schema.anyOf ?? []
    // absent from some items: not required
    expect(items?.items?.required).toEqual(['category_enum', 'id', 'title'])
    expect(options?.properties?.category_enum?.additionalProperties?.type).toBe('string')
    expect(page?.required).toEqual(['limit', 'list', 'page', 'total'])
    expect(page?.properties?.list?.items?.required).toEqual([
      'category_enum',
      'created_at',
      'description',
      'id',
      'title',
    ])
    expect(schemaMismatch(schema, { category_enum: { 3: '院校动态' } })).toBeUndefined()
    expect(schemaMismatch(schema, [item])).toBeUndefined()
    expect(schemaMismatch(schema, { list: [], total: 0, page: 1 })).toBe('data.limit: missing')
  })

  it('keeps an object that shares fields with another sample one schema, its nullable fields nullable', () => {
    const schema = [
      { my_seating: null, arr: [] },
      [],
      { my_seating: { even_num: 3 }, arr: [], same_rank: {} },
    ]
      .map(inferSchema)
      .reduce(mergeSchemas)
    expect(schema.anyOf?.length).toBe(2)
    expect(schema.anyOf?.[1]?.properties?.my_seating?.type).toEqual(['null', 'object'])
    expect(schema.anyOf?.[1]?.required).toEqual(['arr', 'my_seating'])
  })

  it('describes the same samples the same way whatever their order', () => {
    const samples = [{ a: 1, b: null }, [], { a: 2.5, b: 'x', c: [1] }, { z: true }]
    const one = samples.map(inferSchema).reduce(mergeSchemas)
    const other = [...samples].reverse().map(inferSchema).reduce(mergeSchemas)
    expect(other).toEqual(one)
  })
})

describe('the answer schemas of the OpenAPI document', () => {
  const doc = openApiDocument(ENDPOINTS, 'test') as any
  const answers = new Map(
    ENDPOINTS.map((def) => {
      const op = doc.paths[def.http.path.replace(/:(\w+)/g, '{$1}')][def.http.method.toLowerCase()]
      const answer = op.responses['200'].content['application/json'].schema.oneOf[0]
      return [def.name, (def.envelope === false ? answer : answer.allOf?.[1]?.properties.data) as Schema]
    }),
  )

  it('never say a field is always null', () => {
    const nullOnly = [...answers].flatMap(([name, schema]) =>
      schema
        ? [...walk(schema)].filter(([, s]) => typesOf(s).join() === 'null').map(([p]) => `${name} ${p}`)
        : [],
    )
    expect(nullOnly).toEqual([])
  })

  it("say every field the spec types, with the spec's type, and null where the spec says so", () => {
    const wrong: string[] = []
    for (const [name, declared] of Object.entries(SPEC_TYPES)) {
      const schema = answers.get(name)
      if (!schema) {
        wrong.push(`${name}: no answer schema`)
        continue
      }
      const at = new Map<string, string[]>()
      for (const [path, s] of walk(schema)) at.set(path, [...(at.get(path) ?? []), ...typesOf(s)])
      for (const [key, type] of Object.entries(declared)) {
        const path = key.replace(/\?(?=\.|$)/g, '')
        const recorded = at.get(path)
        if (!recorded) wrong.push(`${name} ${path}: not described`)
        else if (type.split('|').some((t) => !recorded.includes(t)))
          wrong.push(`${name} ${path}: ${[...new Set(recorded)].join(' | ')}, the spec says ${type}`)
      }
    }
    expect(wrong).toEqual([])
  })
})
