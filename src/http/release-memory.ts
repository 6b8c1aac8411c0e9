import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

/**
 * One full garbage collection, once a server has warmed up and before it waits for requests: the warm-up (tables
 * decoded, every endpoint's warm requests answered) leaves tens of MB of garbage that V8 would keep until its next
 * full collection, which an idle server may not reach for a long time, and newer V8s size their heaps more generously
 * (a `serve` process at rest: 338 MB on Node 20, 401 MB on Node 26 without this). Node exposes no collection without
 * `--expose-gc`; the flag set at run time makes `gc` available in a new context, the documented way of the V8 flag
 * (nothing else of the process changes). Costs a few tens of ms, once.
 */
export function releaseWarmUpGarbage(): void {
  try {
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as (() => void) | undefined
    gc?.()
  } catch {
    // a runtime without it (a V8 that refuses the flag): the garbage goes at V8's next collection
  }
}
