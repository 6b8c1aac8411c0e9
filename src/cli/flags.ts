import type { FieldMeta } from '../endpoints/schema.js'

/** One CLI flag derived from one input field of an endpoint schema. */
export interface FlagSpec {
  /** The input field: `rank_year` */
  key: string
  /** The flag without dashes: `rank-year` */
  flag: string
  /** commander's attribute name for it: `rankYear` */
  attribute: string
  meta: FieldMeta
  /** The endpoint refuses a request without it (as the OpenAPI document says): asked for when left out */
  required?: true
}

export function flagHelp(spec: FlagSpec): string {
  const choices = spec.meta.choices ? ` (可选: ${spec.meta.choices.join(', ')})` : ''
  return `${spec.meta.description}${choices}${spec.meta.finds ? FINDS_HELP[spec.meta.finds.what] : ''}`
}

/** What the command line takes besides the field's exact form (src/cli/find-names.ts). */
const FINDS_HELP = {
  school: '; 命令行上也可写部分名称、简称、拼音或代码, 如 南京大, 南大, njdx, 10284',
  major: '; 命令行上也可写部分名称、拼音首字母或专业代码, 如 计算机, jsjkxyjs, 0809',
} as const

/** Collects the given flags into the raw request object the endpoint schema parses, as HTTP would send it. */
export function requestFromFlags(
  specs: readonly FlagSpec[],
  opts: Record<string, unknown>,
): Record<string, unknown> {
  const request: Record<string, unknown> = {}
  for (const spec of specs) {
    const value = opts[spec.attribute]
    if (value !== undefined) request[spec.key] = value
  }
  return request
}
