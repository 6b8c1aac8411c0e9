import { closest, KNOWN_PROVINCES } from '../domain/closest.js'
import { KM_SHORT_FORMS } from '../domain/km.js'
import { findProvince } from '../domain/provinces.js'
import type { EndpointContext } from '../endpoints/define.js'
import { ApiError } from '../errors.js'
import { pendingNotFound } from './find-names.js'
import type { FlagSpec } from './flags.js'
import type { CliIo } from './io.js'
import type { CommandEntry } from './manifest.js'

/**
 * When an endpoint command is refused, the closest valid values of the province, category (科类) and batch it was
 * given, added to the terminal's line (ApiError.hint: the --json envelope keeps the endpoint's own message, word
 * for word where the spec fixes it): `江舒省暂无<本科批>的志愿填报规则 (未知省份 "江舒", 是否要找: 江苏)`. Valid
 * values are a flag's choices where it has them, else what the data use. The spec's English "School not found"
 * and "Major not found" are said in Chinese on the terminal's line (`找不到院校 "不存在大学"`:
 * ApiError.terminalMessage). Always rethrows.
 */
export async function suggestOnFailure(
  err: unknown,
  entry: CommandEntry,
  opts: Record<string, unknown>,
  ctx: EndpointContext,
  request: Record<string, unknown> = {},
): Promise<never> {
  if (err instanceof ApiError && err.badInput && err.hint === undefined) {
    const notFound = pendingNotFound(opts)
    // The spec's English "not found" (4.17, 4.18) stays in the envelope; the terminal says it in Chinese, with the
    // name and the nearest names
    const what = SPEC_NOT_FOUND.get(err.message)
    const named = what && notFound.find((n) => n.what === what)
    if (what) {
      const flag = entry.flags.find((f) => f.meta.finds?.what === what)
      const value = named ? named.text : flag ? request[flag.key] : undefined
      const text = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : ''
      err.terminalMessage = `找不到${NOUN_OF[what]}${text ? ` "${text}"` : ''}${named ? named.near : ''}`
    }
    const unknown = await valueHints(entry, opts, ctx).catch(() => [])
    const hints = [
      ...notFound.filter((n) => n !== named && n.near).map((n) => `找不到${n.noun} "${n.text}"${n.near}`),
      // A message that suggests already (requireProvince's) is not told again; one that names the value unknown
      // (cwb-num's `未知省份: 江舒`) gets the suggestion alone.
      ...unknown
        .filter((u) => !err.message.includes(u.suggestion))
        .map((u) =>
          err.message.includes(`未知${u.noun}`) && err.message.includes(u.value) ? u.suggestion : u.text,
        ),
    ]
    if (hints.length) err.hint = hints.join('; ')
  }
  throw err
}

/** The spec's English messages of a name not found (SPEC 4.17, 4.18), and what they are about */
const SPEC_NOT_FOUND: ReadonlyMap<string, 'school' | 'major'> = new Map([
  ['School not found', 'school'],
  ['Major not found', 'major'],
])
const NOUN_OF = { school: '院校', major: '专业' } as const

/**
 * An answer with nothing in it (seating list --km 物里, score-lines --name 本科皮) is no error, but the value that
 * emptied it is named on stderr with the closest valid ones: `提示: 未知科类 "物里", 是否要找: 物理`.
 */
export async function noteOnEmpty(
  entry: CommandEntry,
  opts: Record<string, unknown>,
  ctx: EndpointContext,
  io: Pick<CliIo, 'stderr'>,
): Promise<void> {
  const hints = await valueHints(entry, opts, ctx).catch(() => [])
  for (const hint of hints) io.stderr(`提示: ${hint.text}\n`)
}

type Kind = 'province' | 'category' | 'batch'

const NOUN: Readonly<Record<Kind, string>> = { province: '省份', category: '科类', batch: '批次' }

/**
 * Which fields hold a province, a category or a batch, by their key; keys used for other things elsewhere
 * (offering-schools' type_name is a school type) are told apart by their description.
 */
function kindOf(spec: FlagSpec): Kind | undefined {
  const { key } = spec
  const about = spec.meta.description
  if (key === 'province' || key === 'province_school') return 'province'
  if (['km', 'subject_type', 'subject'].includes(key) || (key === 'type_name' && about.includes('科类')))
    return 'category'
  if (key === 'batch' || (key === 'name' && about.startsWith('批次'))) return 'batch'
  return undefined
}

/** An unknown value and the valid ones nearest it: `未知省份 "江舒", 是否要找: 江苏、江西` (text). */
interface Unknown {
  noun: string
  value: string
  /** `是否要找: 江苏、江西` */
  suggestion: string
  text: string
}

async function valueHints(
  entry: CommandEntry,
  opts: Record<string, unknown>,
  ctx: EndpointContext,
): Promise<Unknown[]> {
  const given: { kind: Kind; value: string; choices?: readonly string[] }[] = []
  for (const spec of entry.flags) {
    const kind = kindOf(spec)
    const value = opts[spec.attribute]
    if (kind && typeof value === 'string' && value.trim() !== '')
      given.push({ kind, value: value.trim(), ...(spec.meta.choices ? { choices: spec.meta.choices } : {}) })
  }
  // The caller flags of hot-schools and special plans: --province, --km
  for (const cf of entry.callerFlags) {
    const value = opts[cf.key]
    const kind: Kind | undefined =
      cf.key === 'province' ? 'province' : cf.key === 'km' ? 'category' : undefined
    if (kind && typeof value === 'string' && value.trim() !== '') given.push({ kind, value: value.trim() })
  }
  const hints: Unknown[] = []
  const vocabulary = vocabularies(ctx)
  for (const { kind, value, choices } of given) {
    let near: string[]
    if (kind === 'province') {
      if (findProvince(value)) continue
      near = closest(value, KNOWN_PROVINCES)
    } else {
      const known = choices ?? (await vocabulary[kind]())
      if (known.includes(value)) continue
      near = closest(value, known)
    }
    if (near.length === 0) continue
    const suggestion = `是否要找: ${near.join('、')}`
    hints.push({ noun: NOUN[kind], value, suggestion, text: `未知${NOUN[kind]} "${value}", ${suggestion}` })
  }
  return hints
}

/** The categories and batches the data use, read once and only when a value needs checking. */
function vocabularies(ctx: EndpointContext): Record<'category' | 'batch', () => Promise<readonly string[]>> {
  const once = <T>(read: () => Promise<T>) => {
    let value: Promise<T> | undefined
    return () => {
      value ??= read()
      return value
    }
  }
  return {
    category: once(async () => {
      const { categoryNames } = await import('../features/name-search/queries.js')
      // The short forms of SPEC 4.2 first (物理, 历史), which every category field takes, then the stored names
      return [...Object.keys(KM_SHORT_FORMS), '理科', '文科', ...(await categoryNames(ctx.db))]
    }),
    batch: once(async () => {
      const { batchNames } = await import('../features/name-search/queries.js')
      return batchNames(ctx.db)
    }),
  }
}
