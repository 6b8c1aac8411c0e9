import { z } from 'zod'
import { ApiError } from '../errors.js'

/**
 * Refused input and its answer. A check (a field builder of schema.ts, or an endpoint's reading of its fields)
 * refuses a value with a Refusal, which becomes a zod issue; invoke answers a request that fails its schema with
 * the failure that comes first in the endpoint's order of checks, worded `参数 <field> 无效: <why>` or, where the
 * spec words the answer itself, in the spec's words and code.
 */

/**
 * Why a check refuses a value. By default the answer is `参数 <field> 无效: <why>` (400); where the spec words the
 * answer itself (4.8, 4.11, 4.12, 4.14), `answer` is sent as it stands, with the envelope `code` the spec gives it.
 * `step` is the check's place in the endpoint's order of checks (checkOrder); `field` names the field where a whole
 * input is read at once (readWhole), as a path: `user_info.score`.
 */
export class Refusal {
  constructor(
    readonly why: string,
    readonly opts: { answer?: boolean; code?: number; step?: number; field?: string } = {},
  ) {}

  /** The same refusal at a place in the order of checks. */
  at(step: number): Refusal {
    return new Refusal(this.why, { ...this.opts, step })
  }

  /** The same refusal of the field at `field` (readWhole). */
  named(field: string): Refusal {
    return new Refusal(this.why, { ...this.opts, field })
  }
}

/** A refusal whose answer is the spec's own message (and code), not `参数 <field> 无效: …`. */
export const specAnswer = (message: string, code = 400): Refusal =>
  new Refusal(message, { answer: true, code })

/** What a refusal leaves in its zod issue, for describeIssue and inputError. */
interface CheckParams {
  step?: number
  answer?: string
  code?: number
}

/** How a refused field is named in an answer. */
const refused = (field: string, why: string): string => `参数 ${field} 无效: ${why}`

/**
 * The error of a refusal found in a handler, worded as invoke words a schema's (for the checks that must run
 * after the handler has read the datasets).
 */
export function refusalError(field: string, refusal: Refusal): ApiError {
  const message = refusal.opts.answer ? refusal.why : refused(field, refusal.why)
  return new ApiError(refusal.opts.code ?? 400, message, { badInput: true })
}

/** Reports a refusal from inside a transform; the transform's result is then never used. */
export function addRefusal(ctx: z.RefinementCtx, refusal: Refusal): never {
  const { answer, code, step, field } = refusal.opts
  const params: CheckParams = {
    ...(step === undefined ? {} : { step }),
    ...(answer ? { answer: refusal.why } : {}),
    ...(code === undefined ? {} : { code }),
  }
  ctx.addIssue({ code: 'custom', message: refusal.why, params, ...(field ? { path: field.split('.') } : {}) })
  return z.NEVER
}

const checkOf = (issue: z.core.$ZodIssue): CheckParams | undefined =>
  issue.code === 'custom' ? (issue.params as CheckParams | undefined) : undefined

/**
 * The failure a request is answered with: the issue of the lowest step (0 where a check states none), and among
 * equals the first in zod's order, which is the order of the input's fields.
 */
function firstIssue(error: z.ZodError): z.core.$ZodIssue | undefined {
  const stepOf = (issue: z.core.$ZodIssue) => checkOf(issue)?.step ?? 0
  return error.issues.reduce<z.core.$ZodIssue | undefined>(
    (first, issue) => (first === undefined || stepOf(issue) < stepOf(first) ? issue : first),
    undefined,
  )
}

/**
 * An endpoint's order of checks where the spec orders them across fields (the missing fields of 4.8 before its
 * type, 4.11's paging before its sort type): `step('type')` is the place of the check named `type`, from 1.
 */
export const checkOrder =
  <const N extends string>(...names: readonly N[]) =>
  (name: N): number =>
    names.indexOf(name) + 1

/** A value the spec counts as not given: absent, null, or blank text. */
export const isBlank = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '')

/** The step of a check that comes before every other (SPEC 7: the 23008 of the open-majors endpoints). */
export const FIRST_STEP = -1
/** The step of a check that comes after the fields' own (a value the handler used to check first). */
export const AFTER_FIELD_CHECKS = 1

/**
 * Formats the first problem of a failed parse (firstIssue) as one line: `参数 year 无效: 应为四位数年份, 如 2025`,
 * or the spec's own words where a check answers with them (`Refusal.answer`).
 */
export function describeIssue(error: z.ZodError): string {
  const issue = firstIssue(error)
  if (!issue) return '参数无效'
  const answer = checkOf(issue)?.answer
  if (answer !== undefined) return answer
  const path = issue.path.join('.') || '请求体'
  let why = issue.message
  if (issue.code === 'invalid_type')
    why = issue.expected === 'object' ? '应为 JSON 对象' : `类型错误, 应为 ${issue.expected}`
  // Our scalar fields are unions of string, number and boolean: a failed union is an object or array sent.
  else if (issue.code === 'invalid_union') why = '应为文本或数字'
  else if (issue.code === 'unrecognized_keys') why = `未知字段 ${issue.keys.join(', ')}`
  else if (issue.code === 'invalid_value') why = `可选值: ${issue.values.map(String).join(', ')}`
  return refused(path, why)
}

/** The answer to input that fails its schema: describeIssue's message, with the code of the check that failed. */
export function inputError(error: z.ZodError): ApiError {
  const issue = firstIssue(error)
  const code = (issue && checkOf(issue)?.code) ?? 400
  return new ApiError(code, describeIssue(error), { badInput: true })
}
