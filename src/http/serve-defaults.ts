/**
 * The defaults and choices of `serve`'s operations options, in a module that imports nothing, so that the CLI
 * reads them (its help, its flags) without loading the HTTP server.
 */

/** Expensive requests that may wait for their turn, per process (heavy-work.ts) */
export const DEFAULT_HEAVY_QUEUE = 64

/** Writes (feedback) one client address may send a minute, per process (write-limit.ts) */
export const DEFAULT_WRITES_PER_MINUTE = 20

/** pino's levels, most severe first, and silent (request-log.ts) */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]
