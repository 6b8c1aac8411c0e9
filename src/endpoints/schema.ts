import { z } from 'zod'
import { addRefusal, isBlank, Refusal } from './checks.js'
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
   * OpenAPI: the JSON a request may send (see `Accepts`). The builders set it; a `readField`, `anyValue` or
   * `handlerChecked` field states what is read.
   */
  accepts?: Accepts
  /** OpenAPI (`minimum`/`maximum`); for optInt also the bounds it checks */
  min?: number
  max?: number
  /** OpenAPI: the value the server uses when the field is absent, where it is one fixed value */
  default?: string | number | boolean
  /**
   * OpenAPI, documentation only: the server refuses a request without this field. Needed where it is checked
   * with other fields (`readWhole`) or by the handler; a field whose own schema fails on absent is marked
   * required anyway.
   * `{ orIn: 'user_info' }`: required, either at the top level or inside the object field `user_info`.
   */
  required?: boolean | { orIn: string }
  /** OpenAPI: the field's JSON Schema as a whole, in place of the one made from `accepts` (e.g. an object) */
  jsonSchema?: Record<string, unknown>
  /** OpenAPI: a legacy field kept for compatibility (marked `deprecated`) */
  deprecated?: boolean
  /**
   * CLI only: the field names a school or a major, which the command line finds by what people type (part of the
   * name, a short name, pinyin, a code: src/cli/find-names.ts) and turns into what the field takes: the exact
   * `name`, the `id`, or (`slug`, which takes any exact form) the text as typed when it is exact already. The
   * HTTP API keeps the field's own exact rule.
   */
  finds?: { what: 'school' | 'major'; as: 'name' | 'id' | 'slug' }
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

/**
 * Optional text read further by `read`, which returns what the handler takes or a Refusal (placed at `step` of
 * the order of checks when given): a year or a window word, a source's name.
 */
export function optTextOf<T>(meta: FieldMeta, read: (v: string) => T | Refusal, step?: number) {
  return text()
    .transform((v, ctx): T | undefined => {
      if (v === undefined) return undefined
      const value = read(v)
      if (!(value instanceof Refusal)) return value
      return addRefusal(ctx, step === undefined ? value : value.at(step))
    })
    .meta({ placeholder: 'text', accepts: 'text', ...meta })
}

/** A four-digit year, or the window `word` (`近五年`, `近三年`). */
export const yearOrWindow =
  (word: string) =>
  (v: string): string | Refusal =>
    v === word || /^\d{4}$/.test(v)
      ? v
      : new Refusal(`应为四位数年份 (如 2025) 或 ${word}, 收到 ${JSON.stringify(v)}`)

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
    .refine((v) => v === undefined || /^[1-9]\d{3}$/.test(v), { message: '应为四位数年份, 如 2025' })
    .meta({ placeholder: 'year', accepts: 'year', ...meta })
}

/** Reads the CLI/help metadata of a field, whatever wrappers zod put around it. */
export function fieldMeta(schema: z.ZodType): FieldMeta {
  const meta = schema.meta() as Partial<FieldMeta> | undefined
  return { description: meta?.description ?? '', ...meta }
}

/** Required text: absent or blank is reported as `参数 <name> 无效: 不能为空`. */
export function reqText(meta: FieldMeta) {
  return text()
    .transform((v, ctx) => v ?? addRefusal(ctx, new Refusal('不能为空')))
    .meta({ placeholder: 'text', accepts: 'text', ...meta })
}

/**
 * A field any JSON value passes, left to its handler to check. Prefer readField or readWhole, which say the check
 * in the schema: a handler that checks a field by hand and casts it is what the schema is there to avoid. Its meta
 * states what the handler accepts (`accepts` or `jsonSchema`) and whether it refuses a request without the field
 * (`required`), for the OpenAPI document.
 */
export function handlerChecked(meta: FieldMeta) {
  return z
    .unknown()
    .optional()
    .meta({ placeholder: 'value', ...meta })
}

/**
 * A field read by its own rules, for the fields whose checks and messages the spec words itself (4.4, 4.8, 4.11,
 * 4.12, 4.14): `read` gets the value as sent (any JSON, undefined when absent) and returns it as the handler
 * takes it, or a Refusal (placed at `step` unless it names its own). The meta states what the field accepts for
 * the OpenAPI document (`accepts` or `jsonSchema`) and whether it is `required`.
 */
export function readField<T>(meta: FieldMeta, read: (v: unknown) => T | Refusal, step?: number) {
  return z
    .unknown()
    .optional()
    .transform((v, ctx): T => {
      const value = read(v)
      if (!(value instanceof Refusal)) return value
      return addRefusal(ctx, step === undefined || value.opts.step !== undefined ? value : value.at(step))
    })
    .meta({ placeholder: 'value', ...meta })
}

/**
 * A field any JSON value passes, read with the others (readWhole) or ignored (a legacy field): its meta states
 * what is read, for the OpenAPI document and the CLI.
 */
export function anyValue(meta: FieldMeta) {
  return z
    .unknown()
    .optional()
    .meta({ placeholder: 'value', ...meta })
}

/**
 * A required field whose absence (isBlank) the spec answers in its own words (`missing`, e.g. SPEC 7's 23008); a
 * value sent is checked by `field`, one of the builders above, which also gives the meta.
 */
export function requiredField<T>(field: z.ZodType<T | undefined>, missing: Refusal) {
  return z
    .preprocess((v, ctx) => (isBlank(v) ? addRefusal(ctx, missing) : v), field)
    .transform((v, ctx): T => v ?? addRefusal(ctx, missing))
    .meta({ ...fieldMeta(field) })
}

/**
 * An input read as a whole, where a field may come from two places (SPEC 4.13: inside `user_info` or, from the
 * CLI, at the top level) so that no field can be checked alone: `read` gets the object and returns the request,
 * or the first Refusal in the spec's order (naming its `field`). The fields keep what the CLI's flags and the
 * OpenAPI document are made from: their meta, in `shape`.
 */
export function readWhole<S extends z.core.$ZodLooseShape, T>(
  shape: S,
  read: (raw: z.output<z.ZodObject<S>>) => T | Refusal,
) {
  const object = z.object(shape)
  const whole = object.transform((raw, ctx): T => {
    const value = read(raw)
    return value instanceof Refusal ? addRefusal(ctx, value) : value
  })
  return Object.assign(whole, { shape: object.shape })
}

/** Optional text restricted to `choices`; anything else is `参数 <name> 无效: 可选值: ...`. */
export function optChoice<const C extends string>(
  meta: Omit<FieldMeta, 'choices'> & { choices: readonly C[] },
) {
  const message = `可选值: ${meta.choices.join(', ')}`
  return text()
    .transform((v, ctx) =>
      v === undefined
        ? undefined
        : (meta.choices.find((c) => c === v) ?? addRefusal(ctx, new Refusal(message))),
    )
    .meta({ placeholder: 'value', accepts: 'choice', ...meta })
}

/** A required four-digit year, as text or number. */
export function reqYear(meta: FieldMeta) {
  return text()
    .transform((v, ctx) => v ?? addRefusal(ctx, new Refusal('不能为空')))
    .refine((v) => /^[1-9]\d{3}$/.test(v), { message: '应为四位数年份, 如 2025' })
    .meta({ placeholder: 'year', accepts: 'year', ...meta })
}
