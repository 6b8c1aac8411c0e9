import type { Db } from '../data/db.js'
import type { EndpointContext } from './define.js'
import { ENDPOINTS } from './index.js'
import { invoke } from './invoke.js'

/**
 * What a server does before it listens: load the tables, then answer every endpoint's `warmRequests` once, so
 * that the memos they fill (the unfiltered lists a front end opens with, the lookups) are ready for the first
 * caller. A failed warm-up request costs only speed: the request computes again when a caller sends it.
 */
export async function warmUp(
  db: Db,
  ctx: EndpointContext,
  onFailure: (endpoint: string, message: string) => void = () => {},
): Promise<void> {
  await db.open()
  for (const def of ENDPOINTS)
    for (const request of def.warmRequests ?? []) {
      const outcome = await invoke(def, request, ctx)
      if (outcome.error) onFailure(def.name, outcome.error.message)
    }
}
