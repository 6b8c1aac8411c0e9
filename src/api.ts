import { createContextFactory } from './endpoints/context.js'
import type { AnyEndpoint } from './endpoints/define.js'
import { ENDPOINTS } from './endpoints/index.js'
import { invoke } from './endpoints/invoke.js'
import { ApiError } from './errors.js'

/**
 * The programmatic API (`import { query } from 'gaokao'`): any endpoint of the service, in-process, for scripts
 * that would rather not parse the CLI's output. The same registry, validation and handlers as the CLI and the HTTP
 * API; an answer is the `data` of the HTTP API's envelope (or the whole answer where the spec shows none), a
 * failure an `ApiError` with the envelope's code and message.
 *
 *   import { open } from 'gaokao'
 *   const gaokao = open()                       // the embedded datasets, or { datasets: '/path' }
 *   const table = await gaokao.query('seating-list', { province: '江苏', year: 2025, km: '物理类' })
 *   await gaokao.close()
 *
 * Calls are anonymous, as over HTTP without a token: `seating-seating` answers `my_seating` null whatever the input
 * says, since SPEC 4.2 takes the score from a token, never from the body (a rank from a score: `smart-match`'s
 * `candidate.rank`).
 */

export { ApiError }

export interface GaokaoOptions {
  /** Datasets directory (default: the embedded datasets, or $GAOKAO_DATASETS) */
  datasets?: string
  /** Where the writable stores live (feedback): a directory or a postgres:// URL; default as the CLI's */
  store?: string
  /** Load the hot tables into memory first, as `serve` does: slower to open, faster per query */
  preload?: boolean
}

export interface Gaokao {
  /** The endpoints' names (`seating-list`, `smart-match` ...): the CLI's commands joined by `-`, the MCP tools */
  readonly endpoints: readonly string[]
  /** Runs one endpoint with the fields of its HTTP request body (or path and query values) */
  query<T = unknown>(endpoint: string, input?: Record<string, unknown>): Promise<T>
  close(): Promise<void>
}

export function open(options: GaokaoOptions = {}): Gaokao {
  const contexts = createContextFactory({
    ...(options.datasets ? { datasetsDir: options.datasets } : {}),
    ...(options.store ? { storeDir: options.store } : {}),
    preload: options.preload === true,
  })
  const byName = new Map<string, AnyEndpoint>(ENDPOINTS.map((e) => [e.name, e]))
  return {
    endpoints: ENDPOINTS.map((e) => e.name),
    async query<T>(endpoint: string, input: Record<string, unknown> = {}): Promise<T> {
      const def = byName.get(endpoint)
      if (!def)
        throw new ApiError(400, `未知接口: ${endpoint} (可用: ${[...byName.keys()].join(', ')})`, {
          badInput: true,
        })
      const outcome = await invoke(def, input, contexts.forCaller(null))
      if (outcome.error) throw outcome.error
      return (def.envelope === false ? outcome.body : (outcome.body as { data: unknown }).data) as T
    },
    close: async () => {
      await contexts.stores.close()
      await contexts.db.close()
    },
  }
}

/** One query with its own datasets connection, opened and closed around it. */
export async function query<T = unknown>(
  endpoint: string,
  input: Record<string, unknown> = {},
  options: GaokaoOptions = {},
): Promise<T> {
  const gaokao = open(options)
  try {
    return await gaokao.query<T>(endpoint, input)
  } finally {
    await gaokao.close()
  }
}
