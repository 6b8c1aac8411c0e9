import type { Db } from '../data/db.js'
import type { EndpointContext } from './define.js'
import { ENDPOINTS } from './index.js'
import { invoke } from './invoke.js'

/**
 * What a server does before it listens: load the tables, then answer every endpoint's `warmRequests` once, so
 * that the memos they fill (the unfiltered lists a front end opens with, the lookups) are ready for the first
 * caller. A failed warm-up request costs only speed: the request computes again when a caller sends it.
 * `onProgress` hears of each step (a table loaded, a request answered) before it runs, and once at the end
 * (done = total): `serve` shows it (src/cli/progress.ts), as the warm-up takes seconds.
 */
export async function warmUp(
  db: Db,
  ctx: EndpointContext,
  onFailure: (endpoint: string, message: string) => void = () => {},
  onProgress?: (done: number, total: number, step: string) => void,
): Promise<void> {
  const requests = ENDPOINTS.flatMap((def) => (def.warmRequests ?? []).map((request) => ({ def, request })))
  let loaded = 0
  await db.open((done, total, table) => {
    loaded = total
    if (table !== '') onProgress?.(done, total + requests.length, `载入 ${table}`)
  })
  for (const [i, { def, request }] of requests.entries()) {
    onProgress?.(loaded + i, loaded + requests.length, `预热 ${def.name}`)
    const outcome = await invoke(def, request, ctx)
    if (outcome.error) onFailure(def.name, outcome.error.message)
  }
  onProgress?.(loaded + requests.length, loaded + requests.length, '')
}
