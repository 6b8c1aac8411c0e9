import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ENDPOINTS } from '../../src/endpoints/index.js'
import {
  answerSamples,
  inferSchema,
  mergeSchemas,
  type Schema,
  schemaMismatch,
} from '../../src/http/answer-schemas.js'
import RECORDED from '../../src/http/response-schemas.json' with { type: 'json' }

// In the slow tier (shipped datasets, the built dist): the answer shapes of the OpenAPI document
// (src/http/response-schemas.json) still describe what the endpoints answer. When this fails after a change to an
// answer: `npm run build && node scripts/response-schemas.mjs`.

const recorded = RECORDED as Record<string, Schema>

describe('the recorded answer shapes', () => {
  it('fit every answer of the golden requests, field for field', () => {
    const golden = execFileSync(
      process.execPath,
      [join(import.meta.dirname, '../../scripts/golden-requests.mjs')],
      {
        encoding: 'utf8',
        maxBuffer: 256 * 1024 * 1024,
      },
    )
    const samples = answerSamples(golden, ENDPOINTS)
    expect([...samples.keys()].sort()).toEqual(Object.keys(recorded).sort())
    for (const [name, answers] of samples)
      for (const answer of answers)
        expect(schemaMismatch(recorded[name] as Schema, answer), name).toBeUndefined()
  })
})

describe('inferring a shape', () => {
  it('marks a field required only when every answer has it, nullable when one is null, and maps as maps', () => {
    const schema = [
      { a: 1, b: 'x', c: null, m: { 2024: 1 } },
      { a: 2.5, c: { d: true }, m: { 江苏: 2 } },
    ]
      .map(inferSchema)
      .reduce(mergeSchemas)
    expect(schema).toEqual({
      type: 'object',
      properties: {
        a: { type: 'number' },
        b: { type: 'string' },
        c: { type: ['null', 'object'], properties: { d: { type: 'boolean' } }, required: ['d'] },
        m: { type: 'object', additionalProperties: { type: 'integer' } },
      },
      required: ['a', 'c', 'm'],
    })
    expect(schemaMismatch(schema, { a: 1, c: null, m: {} })).toBeUndefined()
    expect(schemaMismatch(schema, { a: 1, c: null, m: {}, z: 0 })).toBe('data.z: not recorded')
    expect(schemaMismatch(schema, { a: 'one', c: null, m: {} })).toBe('data.a: string, recorded number')
    expect(schemaMismatch(schema, { a: 1, m: {} })).toBe('data.c: missing')
  })
})
