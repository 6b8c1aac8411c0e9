import { openDb } from '../../src/data/db.js'
import { createContextFactory } from '../../src/endpoints/context.js'
import type { AnyEndpoint, Caller, EndpointContext } from '../../src/endpoints/define.js'
import { invoke } from '../../src/endpoints/invoke.js'

/** A request context over a fixture datasets directory. */
export function fixtureContext(dir: string, caller: Caller | null = null): EndpointContext {
  return createContextFactory({ db: openDb({ datasetsDir: dir }) }).forCaller(caller)
}

/** Runs an endpoint as any surface would and returns the wire body. */
export async function call(def: AnyEndpoint, raw: unknown, ctx: EndpointContext) {
  return (await invoke(def, raw, ctx)).body as { code: number; message: string; data: any }
}
