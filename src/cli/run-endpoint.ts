import type { AnyEndpoint, EndpointContext } from '../endpoints/define.js'
import type { Outcome } from '../endpoints/invoke.js'

/**
 * Runs one endpoint for the CLI (a command, or the smart-match questions asking what has data): the outcome of a
 * request that succeeded, else the failure thrown for runCli to report. An unexpected exception is thrown as
 * itself, so that the terminal's line names it while a --json envelope keeps the generic message invoke gave it.
 */
export async function runEndpoint(
  def: AnyEndpoint,
  request: unknown,
  ctx: EndpointContext,
): Promise<Outcome> {
  const { invoke } = await import('../endpoints/invoke.js')
  let internal: { err: unknown } | undefined
  const outcome = await invoke(def, request, ctx, (err) => {
    internal = { err }
  })
  if (!outcome.error) return outcome
  // invoke also reports the cause of an ApiError of ours (a store that cannot be written): that one is thrown as
  // the ApiError, which carries its cause.
  throw internal && outcome.error.cause === undefined ? internal.err : outcome.error
}
