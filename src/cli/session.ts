import { createContextFactory } from '../endpoints/context.js'
import type { Caller, EndpointContext } from '../endpoints/define.js'

export interface ContextOptions {
  datasets?: string
  store?: string
  caller: Caller | null
}

/** Builds the request context of a command; tests inject fixture datasets here (CliDeps.context). */
export type ContextMaker = (opts: ContextOptions) => EndpointContext

export const defaultContext: ContextMaker = (opts) =>
  createContextFactory({ datasetsDir: opts.datasets, storeDir: opts.store }).forCaller(opts.caller)

/**
 * The one request context of a command line: made by whichever asks first (the smart-match questions, then the
 * endpoint they complete), shared by the rest with their own caller, and closed by runCli once the command is
 * done. One Db per process, never a second one for the questions.
 */
export function cliSession(make: ContextMaker) {
  let opened: EndpointContext | undefined
  return {
    context(opts: ContextOptions): EndpointContext {
      if (opened) return { ...opened, caller: opts.caller }
      opened = make(opts)
      return opened
    },
    async close(): Promise<void> {
      const ctx = opened
      opened = undefined
      await ctx?.stores.close()
      await ctx?.db.close()
    },
  }
}

export type CliSession = ReturnType<typeof cliSession>
