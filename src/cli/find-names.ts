import type { Command } from 'commander'
import { didYouMean } from '../domain/closest.js'
import { isExact, type NameEntry, type NameMatch, resolveMatches } from '../domain/name-search.js'
import type { FieldMeta } from '../endpoints/schema.js'
import { badRequest } from '../errors.js'
import type { Finder } from '../features/name-search/finders.js'
import { commandFor } from './command-tree.js'
import type { FlagSpec } from './flags.js'
import type { CliIo } from './io.js'
import type { CommandEntry } from './manifest.js'
import type { Prompter } from './prompter.js'
import type { CliSession } from './session.js'

/**
 * Where a command takes a school or a major (a field whose meta has `finds`: --school-name, --school-id,
 * major-groups <school>, offering-schools <major>, --major-id), the command line takes what people type: part of
 * the name, a short name (南大), pinyin (njdx), a code. Before the endpoint runs, the text becomes the exact value
 * the endpoint wants (its name or its id), so that the HTTP API keeps its exact-match rule:
 *  - one clear match is used, and said on stderr when it was not the exact form (`院校: 南京大学 (按 "南大")`);
 *  - several are asked about in a terminal, else listed in the error (exit 2);
 *  - none is an error naming the closest names; but digits are left to the endpoint (an id it may know), and
 *    so is a path's resource (major-groups, offering-schools), whose "not found" answer the spec fixes (in
 *    English): the terminal's line then says it in Chinese, with the closest names (pendingNotFound).
 */
export function findNamesBeforeRun(
  program: Command,
  manifest: readonly CommandEntry[],
  io: CliIo,
  session: CliSession,
  prompter?: () => Promise<Prompter>,
): void {
  for (const entry of manifest) {
    const named = entry.flags.filter((f) => f.meta.finds)
    if (named.length === 0) continue
    const cmd = commandFor(program, entry.command)
    // A parent's hook runs for its subcommands too (open-majors and open-majors list): only its own.
    cmd.hook('preAction', async (_self, action) => {
      if (action === cmd) await findNames(cmd, entry, named, io, session, prompter)
    })
  }
}

/**
 * A name given for a path's resource that nothing matches (major-groups 南景大学): the endpoint refuses it with the
 * spec's own message, and the terminal's line says it with the nearest names (suggest-values.ts).
 */
export interface NameNotFound {
  what: 'school' | 'major'
  /** 院校, 专业 */
  noun: string
  text: string
  /** `, 是否要找: 南京大学`, or '' */
  near: string
}

/** The names not found, by the options object of the command line (see above). */
const pending = new WeakMap<object, NameNotFound[]>()

/** What the names found before the run left to say if the endpoint refuses the request. */
export const pendingNotFound = (opts: object): readonly NameNotFound[] => pending.get(opts) ?? []

async function findNames(
  cmd: Command,
  entry: CommandEntry,
  named: readonly FlagSpec[],
  io: CliIo,
  session: CliSession,
  prompter?: () => Promise<Prompter>,
): Promise<void> {
  const opts = cmd.opts() as Record<string, unknown>
  const { MAJORS, SCHOOLS } = await import('../features/name-search/finders.js')
  for (const flag of named) {
    const finds = flag.meta.finds as NonNullable<FieldMeta['finds']>
    const positional = flag.key === entry.positional
    const raw = positional ? cmd.processedArgs[0] : opts[flag.attribute]
    if (typeof raw !== 'string' || raw.trim() === '') continue
    const ctx = session.context({
      datasets: opts.datasets as string | undefined,
      store: opts.store as string | undefined,
      caller: null,
    })
    const finder: Finder<NameEntry> = finds.what === 'school' ? SCHOOLS : MAJORS
    const entries = await finder.entries(ctx.db)
    const text = raw.trim()
    // A number that is no id (-1, 1.5, 1e3) is the endpoint's to refuse, as over HTTP: searched as text, its
    // digits found a code holding them (--major-id -1 answered for 哲学)
    if (finds.as === 'id' && NUMBER_NOT_ID.test(text)) continue
    const chosen = await choose(finder, entries, text, io, prompter)
    if (chosen === undefined) {
      if (/^\d+$/u.test(text)) continue
      const near = nearest(entries, text)
      if (finds.as !== 'slug')
        throw badRequest(
          `找不到${finder.noun} "${text}"${near || ` (可用 gaokao ${finder.group} search 查找)`}`,
        )
      pending.set(opts, [...pendingNotFound(opts), { what: finds.what, noun: finder.noun, text, near }])
      continue
    }
    // The exact form the endpoint takes already (its name, its id; a slug takes any exact form): left as typed.
    // Exact as typed, not only once normalized: the endpoints match the text as it is, and a name typed with
    // ASCII brackets or none (哈尔滨工业大学(深圳), 山东大学威海) is the name's kind of match but not its text.
    const { match } = chosen
    const typed = asTyped(match, text)
    if (typed && (finds.as === 'slug' || (finds.as === 'name' ? match.kind === 'name' : match.kind === 'id')))
      continue
    const value = finds.as === 'name' ? match.entry.name : String(match.entry.id)
    // Said unless the user chose it, or typed its full name or id as it is (a code is said: 10284 is 南京大学;
    // so is a name written otherwise: 哈尔滨工业大学（深圳） for 哈尔滨工业大学(深圳))
    if (!chosen.asked && !(typed && (match.kind === 'name' || match.kind === 'id')))
      io.stderr(`${finder.noun}: ${match.entry.name} (按 "${text}")\n`)
    if (positional) cmd.processedArgs[0] = value
    else cmd.setOptionValue(flag.attribute, value)
  }
}

/** A number as a script writes one, but no id (ids are digits only): -1, +3, 1.5, 1e3, .5 */
const NUMBER_NOT_ID = /^(?!\d+$)[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/iu

/**
 * Whether the text is the entry's exact form as the endpoint compares it: its full name, its id or its code,
 * character for character (the search compares them normalized: width, case, brackets, spaces).
 */
const asTyped = (match: NameMatch<NameEntry>, text: string): boolean =>
  isExact(match) && text === (match.kind === 'id' ? String(match.entry.id) : match.via)

/** The one entry a text names: clear, or chosen in a terminal; undefined when nothing matches. */
async function choose(
  finder: Finder<NameEntry>,
  entries: readonly NameEntry[],
  text: string,
  io: CliIo,
  prompter?: () => Promise<Prompter>,
): Promise<{ match: NameMatch<NameEntry>; asked: boolean } | undefined> {
  const found = resolveMatches(await finder.find(entries, text))
  if (found.found === 'none') return undefined
  if (found.found === 'one') return { match: found.match, asked: false }
  const shown = found.matches.slice(0, MAX_CHOICES)
  if (!io.interactive) {
    const more = found.matches.length > shown.length ? ` 等 ${found.matches.length} 个` : ''
    throw badRequest(
      `"${text}" 可指多个${finder.noun}: ${shown.map((m) => label(finder, m, shown)).join('、')}${more}; ` +
        `请写得更具体 (${finder.exactly}), 或用 gaokao ${finder.group} search ${text} 查看`,
    )
  }
  const ask = await (prompter ?? (await import('./prompter.js')).inquirerPrompter)()
  const id = await ask.select(
    `"${text}" 可指多个${finder.noun}, 请选择`,
    shown.map((m) => ({ name: `${m.entry.name} (${finder.describe(m.entry)})`, value: String(m.entry.id) })),
  )
  const match = shown.find((m) => String(m.entry.id) === id) as NameMatch<NameEntry>
  return { match, asked: true }
}

/** A candidate's name, told apart from another of the same name (临床医学: 本科 and 专科) */
const label = (finder: Finder<NameEntry>, m: NameMatch<NameEntry>, all: readonly NameMatch<NameEntry>[]) =>
  all.some((o) => o !== m && o.entry.name === m.entry.name)
    ? `${m.entry.name} (${finder.describe(m.entry)})`
    : m.entry.name

/** How many candidates a question offers or an error lists */
const MAX_CHOICES = 12

/** `, 是否要找: 南京大学` (the hottest first among equally near names), or ''. */
function nearest(entries: readonly NameEntry[], text: string): string {
  return didYouMean(
    text,
    [...entries].sort((a, b) => a.order - b.order).map((e) => e.name),
  )
}
