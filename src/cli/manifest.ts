import { readFileSync } from 'node:fs'
import { extname } from 'node:path'
import type { AnyEndpoint, CallerFlag } from '../endpoints/define.js'
import type { FlagSpec } from './flags.js'

/**
 * What the CLI needs to know of an endpoint before it runs it: words, flags, help and examples. The build writes
 * it to dist/cli/commands.json, so that `gaokao --help` and argument parsing load neither zod nor the endpoint
 * modules (zod alone costs about 70 ms to import on these machines); the one endpoint a command runs is
 * imported when it runs. Endpoint files are named after the endpoint (`endpoints/<name>.ts`).
 */
export interface CommandEntry {
  name: string
  command: readonly string[]
  summary: string
  http: { method: string; path: string }
  flags: FlagSpec[]
  callerFlags: readonly CallerFlag[]
  usesStore: boolean
  examples: readonly string[]
  /** The input field taken from the positional argument (EndpointDef.positional), when there is one */
  positional?: string
  /** The answer can be written as an .xlsx workbook (EndpointDef.workbook): the command takes `--out <file>` */
  workbook?: true
  /** The answer has a terminal chart (EndpointDef.chart): the command takes `--chart` */
  chart?: true
}

const MANIFEST_FILE = new URL('./commands.json', import.meta.url)

/** The built manifest, or (running from the TypeScript sources, as tests do) one derived from the registry. */
export async function loadManifest(): Promise<CommandEntry[]> {
  try {
    return JSON.parse(readFileSync(MANIFEST_FILE, 'utf8')) as CommandEntry[]
  } catch {
    const [{ ENDPOINTS }, { deriveManifest }] = await Promise.all([
      import('../endpoints/index.js'),
      import('./derive-manifest.js'),
    ])
    return deriveManifest(ENDPOINTS)
  }
}

/**
 * Where an endpoint's definition lives, relative to src/ (dist/), when not `endpoints/<name>`: a feature that
 * outgrew one file has a folder of its own.
 */
const FEATURE_MODULES: Readonly<Record<string, string>> = {
  'smart-match': 'features/smart-match/smart-match',
  'cwb-num': 'features/smart-match/cwb-num',
  'volunteer-check': 'features/check/volunteer-check',
}

/** The endpoints already in memory, when the modules cannot be imported from disk (the single executable) */
let registry: ReadonlyMap<string, AnyEndpoint> | undefined

/** Commands take their endpoints from this registry instead of importing each module on demand. */
export function useRegistry(endpoints: readonly AnyEndpoint[]): void {
  registry = new Map(endpoints.map((e) => [e.name, e]))
}

/** The endpoint definition behind a command, imported on demand. */
export async function loadEndpoint(name: string): Promise<AnyEndpoint> {
  const known = registry?.get(name)
  if (known) return known
  // Same extension as this module: .js when compiled, .ts when tests run the sources.
  const module = Object.hasOwn(FEATURE_MODULES, name) ? FEATURE_MODULES[name] : `endpoints/${name}`
  const url = new URL(`../${module}${extname(new URL(import.meta.url).pathname)}`, import.meta.url)
  const mod = (await import(/* @vite-ignore */ url.href)) as { default: AnyEndpoint }
  return mod.default
}
