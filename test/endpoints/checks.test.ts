import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  checkOrder,
  FIRST_STEP,
  inputError,
  Refusal,
  refusalError,
  specAnswer,
} from '../../src/endpoints/checks.js'
import { fieldMeta, optInt, readField, readWhole, requiredField } from '../../src/endpoints/schema.js'

/** The answer invoke gives to `body` (code and message), or 'ok'. */
const answer = (schema: z.ZodType, body: unknown) => {
  const parsed = schema.safeParse(body)
  if (parsed.success) return 'ok'
  const err = inputError(parsed.error)
  return `${err.code} ${err.message}`
}

describe('the order of checks', () => {
  const step = checkOrder('first', 'second')
  const positive = (v: unknown) => (typeof v === 'number' && v > 0 ? v : new Refusal('应为正数'))
  const schema = z.object({
    // declared first, checked second
    b: readField({ description: 'b' }, positive, step('second')),
    a: readField({ description: 'a' }, (v) => (v === undefined ? specAnswer('缺少 a') : v), step('first')),
  })

  it('answers the failure of the lowest step, whatever the order of the fields', () => {
    expect(answer(schema, { b: -1 })).toBe('400 缺少 a')
    expect(answer(schema, { a: 1, b: -1 })).toBe('400 参数 b 无效: 应为正数')
    expect(answer(schema, { a: 1, b: 2 })).toBe('ok')
  })

  it('puts a required field the spec answers itself before every other check, with its code', () => {
    const missing = specAnswer('开放专业参数不能为空', 23008).at(FIRST_STEP)
    const required = z.object({
      n: optInt({ description: 'n', min: 1 }),
      id: requiredField(optInt({ description: 'id', min: 1 }), missing),
    })
    expect(answer(required, { n: 0 })).toBe('23008 开放专业参数不能为空')
    expect(answer(required, { n: 0, id: ' ' })).toBe('23008 开放专业参数不能为空')
    expect(answer(required, { n: 1, id: 0 })).toBe('400 参数 id 无效: 应为不小于 1 的整数, 收到 0')
    expect(required.parse({ id: '7' })).toEqual({ id: 7 })
    // the meta is the inner builder's, for the CLI and OpenAPI
    expect(fieldMeta(required.shape.id).description).toBe('id')
  })

  it('reads a whole input, naming the field where the request put it, and keeps its fields', () => {
    const whole = readWhole({ inner: readField({ description: 'inner' }, (v) => v) }, (raw) =>
      raw.inner === undefined ? new Refusal('不能为空').named('outer.inner') : { inner: raw.inner },
    )
    expect(Object.keys(whole.shape)).toEqual(['inner'])
    expect(answer(whole, {})).toBe('400 参数 outer.inner 无效: 不能为空')
    expect(whole.parse({ inner: 3 })).toEqual({ inner: 3 })
  })

  it('words a refusal found in a handler as the schema would', () => {
    expect(refusalError('year', new Refusal('应为四位数年份')).message).toBe('参数 year 无效: 应为四位数年份')
    expect(refusalError('x', specAnswer('分页参数不完整')).message).toBe('分页参数不完整')
  })
})
