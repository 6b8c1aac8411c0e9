/**
 * When a server process is asked to stop: SIGINT, SIGTERM, or (`stopWithParent`) its parent gone. `npx gaokao
 * serve` runs the server under npm, which exits on SIGTERM without passing it on: the server would live on,
 * orphaned, holding its port (a supervisor or a container's stop never reaches it). Not for a server started
 * directly, which may outlive its shell (nohup). Used by the single server (server.ts) and by the primary of
 * `--workers` (cluster.ts).
 */

/** How long requests in flight may take to finish once a stop is asked for. */
export const SHUTDOWN_GRACE_MS = 10_000

/** How often an orphaned server looks for its parent */
const PARENT_POLL_MS = 500

export interface StopRequest {
  /** Resolves with the reason, in the user's words (`收到 SIGTERM`) */
  stopped: Promise<string>
  /** Removes the handlers (a signal after this one does what it does by default) */
  dispose(): void
}

export function whenStopAsked(stopWithParent = false): StopRequest {
  let stopRequested: (reason: string) => void = () => {}
  const stopped = new Promise<string>((resolve) => {
    stopRequested = resolve
  })
  const onSignal = (signal: NodeJS.Signals) => stopRequested(`收到 ${signal}`)
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  const parent = process.ppid
  const orphaned = stopWithParent
    ? setInterval(() => {
        if (process.ppid !== parent) stopRequested('父进程 (npx / npm exec) 已退出')
      }, PARENT_POLL_MS).unref()
    : undefined
  return {
    stopped,
    dispose() {
      clearInterval(orphaned)
      process.off('SIGINT', onSignal)
      process.off('SIGTERM', onSignal)
    },
  }
}
