import { availableParallelism } from 'node:os'
import type { AnyEndpoint } from '../endpoints/define.js'
import { fail } from '../endpoints/envelope.js'
import type { Outcome } from '../endpoints/invoke.js'
import { ApiError } from '../errors.js'
import { bypasses } from '../features/smart-match/cwb-num.js'
import { DEFAULT_HEAVY_QUEUE } from './serve-defaults.js'

/**
 * Expensive requests take turns (docs/api.md, "Operations"): at most `limit` of them are computed at once, at most
 * `queue` more wait, and any beyond are answered at once with the envelope and HTTP 503, so that a crowd of them
 * (32 clients sending cwb-num with bypass_cache pushed a cheap request's median to 1.1 s) cannot take the CPU from
 * the cheap reads, which never wait here. Only work that is really done is counted: an answer the answer cache
 * keeps, or an identical request already being computed, is not.
 */

/** Which requests are expensive: names of the registry (test/http/heavy-work.test.ts checks that they exist). */
const HEAVY: Readonly<Record<string, (input: Record<string, unknown>) => boolean>> = {
  // a list of up to 96 items from a province's whole option set (65 ms to 4 s)
  'smart-match': () => true,
  // every line of a 志愿表 through the filing simulation
  'volunteer-check': () => true,
  // builds the province's option set again on purpose (0.1-2 s)
  'cwb-num': (input) => bypasses(input.bypass_cache),
  // SPEC 4.11 without page and limit: every item, unpaged
  'common-question-list': (input) => unset(input.page) && unset(input.limit),
}

/** Absent, empty or 0, as SPEC 4.11 reads its paging fields */
const unset = (v: unknown): boolean => Number(v ?? 0) === 0

export function isHeavy(def: AnyEndpoint, input: unknown): boolean {
  const heavy = Object.hasOwn(HEAVY, def.name) ? HEAVY[def.name] : undefined
  return (
    heavy?.(typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {}) === true
  )
}

/** The names HEAVY lists, for the test that keeps it in step with the registry. */
export const HEAVY_ENDPOINTS = Object.keys(HEAVY)

export const BUSY_MESSAGE = '服务繁忙: 耗时的请求 (志愿推荐、志愿表检查等) 排队已满, 请稍后重试'

/** The answer to a request refused for want of room: the envelope, HTTP 503 whatever `--http-status` says. */
export const busyOutcome = (): Outcome => {
  const error = new ApiError(503, BUSY_MESSAGE, { badInput: false, httpStatus: 503, forceHttpStatus: true })
  return { body: fail(error.code, error.message), error }
}

export interface HeavyLimits {
  /** Computed at once; default: the machine's cores */
  limit?: number
  /** Waiting beyond those; default 64 */
  queue?: number
}

export class HeavyWork {
  readonly limit: number
  readonly queue: number
  private running = 0
  private readonly waiting: (() => void)[] = []

  constructor(opts: HeavyLimits = {}) {
    this.limit = Math.max(1, opts.limit ?? availableParallelism())
    this.queue = Math.max(0, opts.queue ?? DEFAULT_HEAVY_QUEUE)
  }

  /** Runs `task` when its turn comes; the busy answer when neither a slot nor a place in the queue is free. */
  async run(task: () => Promise<Outcome>): Promise<Outcome> {
    if (this.running >= this.limit) {
      if (this.waiting.length >= this.queue) return busyOutcome()
      await new Promise<void>((resolve) => this.waiting.push(resolve))
    } else this.running++
    try {
      return await task()
    } finally {
      // The slot passes to the first waiting request (running stays the same), or is freed. Passed on the next
      // turn of the event loop, not at once: resolved at once, the whole queue ran as one chain of microtasks
      // (64 lists, a quarter of a second) during which no socket was read, no connection accepted and no cheap read
      // answered; a new connection's first request then waited seconds behind the busy ones.
      const next = this.waiting.shift()
      if (next) setImmediate(next)
      else this.running--
    }
  }

  /** What is computed and what waits, for tests and /readyz-style reports */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length }
  }
}

/** Seconds a refused client is told to wait before asking again */
export const RETRY_AFTER_SECONDS = 2
