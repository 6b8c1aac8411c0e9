import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Db, openDb } from '../../src/data/db.js'
import { createContextFactory } from '../../src/endpoints/context.js'
import type { AnyEndpoint, Caller, EndpointContext } from '../../src/endpoints/define.js'
import { invoke } from '../../src/endpoints/invoke.js'

/** A request context over a fixture datasets directory. */
export function fixtureContext(
  dir: string,
  caller: Caller | null = null,
  storeDir = mkdtempSync(join(tmpdir(), 'gaokao-store-')),
): EndpointContext {
  return createContextFactory({ db: openDb({ datasetsDir: dir }), storeDir }).forCaller(caller)
}

/** Runs an endpoint as any surface would and returns the wire body. */
export async function call(def: AnyEndpoint, raw: unknown, ctx: EndpointContext) {
  return (await invoke(def, raw, ctx)).body as { code: number; message: string; data: any }
}

/**
 * Runs an endpoint as the CLI does: the wire body, and the view the handler returned beside the payload (what
 * the endpoint's table, records and emptyMessage get after the payload and the input).
 */
export async function callWithView(def: AnyEndpoint, raw: unknown, ctx: EndpointContext) {
  const outcome = await invoke(def, raw, ctx)
  return { res: outcome.body as { code: number; message: string; data: any }, view: outcome.view as any }
}

/** A Db that counts the statements it runs (to see caches and warm-ups at work). */
export function countingDb(db: Db): Db & { queries: number } {
  const wrapped = {
    queries: 0,
    has: db.has.bind(db),
    resident: db.resident,
    intColumns: db.intColumns.bind(db),
    open: db.open.bind(db),
    close: db.close.bind(db),
    all: <T>(sql: string, params?: readonly unknown[]) => {
      wrapped.queries++
      return db.all<T>(sql, params)
    },
  }
  return wrapped
}
