import { z } from 'zod'
import { numberOf } from './numbers.js'

/**
 * Field builders for endpoint inputs. HTTP clients send JSON (numbers or strings, as the spec allows either),
 * the CLI sends strings: every builder accepts both and yields one normalized type. The `meta` carries what
 * the CLI needs to derive a flag (its description and a placeholder for the help text) and what the OpenAPI
 * document (src/http/openapi.ts) says about the field: the JSON it accepts, its bounds and default, and whether
 * the server refuses a request without it. The OpenAPI-only keys are documentation: they change no check.
 */
export interface FieldMeta {
  description: string
  placeholder?: string
  /** Allowed values shown in the CLI help (the OpenAPI `enum` when `accepts` is 'choice', else its `examples`) */
  choices?: readonly string[]
  /** CLI flag name when it should differ from the kebab-cased field name */
  flag?: string
  /** Hide from the CLI (e.g. legacy compatibility fields); the OpenAPI document still describes the field */
  hidden?: boolean
  /**
   * OpenAPI: the JSON a request may send (see `Accepts`). The builders set it; a `handlerChecked` field states
   * what its handler accepts.
   */
  accepts?: Accepts
  /** OpenAPI (`minimum`/`maximum`); for optInt also the bounds it checks */
  min?: number
  max?: number
  /** OpenAPI: the value the server uses when the field is absent, where it is one fixed value */
  default?: string | number | boolean
  /**
   * OpenAPI, documentation only: the server refuses a request without this field. Needed where the handler
   * checks it (`handlerChecked`); a field whose own schema fails on absent is marked required anyway.
   * `{ orIn: 'user_info' }`: required, either at the top level or inside the object field `user_info`.
   */
  required?: boolean | { orIn: string }
  /** OpenAPI: the field's JSON Schema as a whole, in place of the one made from `accepts` (e.g. an object) */
  jsonSchema?: Record<string, unknown>
  /** OpenAPI: a legacy field kept for compatibility (marked `deprecated`) */
  deprecated?: boolean
}

/**
 * What JSON a field takes (an absent or null value means "not given" for an optional field):
 * - text: a string or a number (read as its text)
 * - integer: a whole number, as a JSON integer or a string of digits; booleans are refused
 * - year: a four-digit year, as a string ("2025") or an integer
 * - choice: one of `choices`, as a string, or as a number where the choice is one ("1")
 * - flag: true / false, 1 / 0, "1" / "0", "true" / "false"
 */
export type Accepts = 'text' | 'integer' | 'year' | 'choice' | 'flag'

const scalar = z.union([z.string(), z.number(), z.boolean()])

/** Optional text; an empty or blank value means "not given", as the spec's "when empty" rules require. */
export function optText(meta: FieldMeta) {
  return text().meta({ placeholder: 'text', accepts: 'text', ...meta })
}

const text = () =>
  z
    .union([scalar, z.null()])
    .optional()
    .transform((v) => (v === undefined || v === null ? undefined : String(v).trim() || undefined))

/** Optional whole number within [min, max]; accepts 2025 or "2025"; empty means "not given". */
export function optInt(meta: FieldMeta) {
  const { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER } = meta
  return z
    .union([scalar, z.null()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return undefined
      const n = numberOf(v)
      if (!Number.isInteger(n)) {
        ctx.addIssue({ code: 'custom', message: `应为整数, 收到 ${JSON.stringify(v)}` })
        return z.NEVER
      }
      if (n < min || n > max) {
        // Beyond the safe integers only the size is wrong, whatever bound the field states.
        const range = !Number.isSafeInteger(n)
          ? '数值过大'
          : max === Number.MAX_SAFE_INTEGER
            ? `应为不小于 ${min} 的整数`
            : min === Number.MIN_SAFE_INTEGER
              ? `应为不大于 ${max} 的整数`
              : `应在 ${min} 到 ${max} 之间`
        ctx.addIssue({ code: 'custom', message: `${range}, 收到 ${n}` })
        return z.NEVER
      }
      return n
    })
    .meta({ placeholder: 'n', accepts: 'integer', ...meta })
}

/** A year as the spec writes it (a string like "2025"), accepting a number too. */
export function optYear(meta: FieldMeta) {
  return text()
    .refine((v) => v === undefined || /^\d{4}$/.test(v), { message: '应为四位数年份, 如 2025' })
    .meta({ placeholder: 'year', accepts: 'year', ...meta })
}

/** Reads the CLI/help metadata of a field, whatever wrappers zod put around it. */
export function fieldMeta(schema: z.ZodType): FieldMeta {
  const meta = schema.meta() as Partial<FieldMeta> | undefined
  return { description: meta?.description ?? '', ...meta }
}

/** Formats the first problem of a failed parse as one line: `参数 year 无效: 应为四位数年份, 如 2025`. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return '参数无效'
  const path = issue.path.join('.') || '请求体'
  let why = issue.message
  if (issue.code === 'invalid_type')
    why = issue.expected === 'object' ? '应为 JSON 对象' : `类型错误, 应为 ${issue.expected}`
  // Our scalar fields are unions of string, number and boolean: a failed union is an object or array sent.
  else if (issue.code === 'invalid_union') why = '应为文本或数字'
  else if (issue.code === 'unrecognized_keys') why = `未知字段 ${issue.keys.join(', ')}`
  else if (issue.code === 'invalid_value') why = `可选值: ${issue.values.map(String).join(', ')}`
  return `参数 ${path} 无效: ${why}`
}

/** Required text: absent or blank is reported as `参数 <name> 无效: 不能为空`. */
export function reqText(meta: FieldMeta) {
  return text()
    .refine((v) => v !== undefined, { message: '不能为空' })
    .meta({ placeholder: 'text', accepts: 'text', ...meta })
}

/**
 * A field the handler checks itself, because the spec fixes the message and the order of its checks (4.12):
 * any JSON value passes the schema. Its meta states what the handler accepts (`accepts` or `jsonSchema`) and
 * whether it refuses a request without the field (`required`), for the OpenAPI document.
 */
export function handlerChecked(meta: FieldMeta) {
  return z
    .unknown()
    .optional()
    .meta({ placeholder: 'value', ...meta })
}

/** Optional text restricted to `choices`; anything else is `参数 <name> 无效: 可选值: ...`. */
export function optChoice(meta: FieldMeta & { choices: readonly string[] }) {
  return text()
    .refine((v) => v === undefined || meta.choices.includes(v), {
      message: `可选值: ${meta.choices.join(', ')}`,
    })
    .meta({ placeholder: 'value', accepts: 'choice', ...meta })
}

/** A required four-digit year, as text or number. */
export function reqYear(meta: FieldMeta) {
  return text()
    .refine((v) => v !== undefined, { message: '不能为空' })
    .refine((v) => v === undefined || /^\d{4}$/.test(v), { message: '应为四位数年份, 如 2025' })
    .meta({ placeholder: 'year', accepts: 'year', ...meta })
}

/** `?, ?, ?`: placeholders for a list of bound values (the values are bound, never spliced into the SQL). */
export const placeholders = (values: readonly unknown[]): string => values.map(() => '?').join(', ')
