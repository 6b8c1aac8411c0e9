import type { CommandIo } from './commands/define.js'
import { displayWidth } from './table-fit.js'

/**
 * Progress of long work (a build, a backtest of every province, a server's warm-up), on stderr only so that
 * stdout keeps the data. On a terminal, one bar redrawn in place with the counts and the time left; in a pipe
 * (a log, CI), plain lines: one on each tenth of the way and at least one every `everyMs`, none before
 * `quietMs` (a task shorter than that says nothing but its own answer), then one line when it is done.
 */

export interface ProgressOutput {
  write(text: string): void
  /** true: a terminal, where the bar is redrawn in place */
  tty: boolean
  /** the terminal's width, for the bar (80 when unknown) */
  columns?: number
}

export interface ProgressOptions {
  /** what is being done: `构建数据集`, `回测` */
  title: string
  total: number
  /** what is counted, after the counts: `张表`, `个省份` */
  unit?: string
  /** injected in tests */
  now?: () => number
  /** in a pipe, no line before this many milliseconds (default 2000) */
  quietMs?: number
  /** in a pipe, a line at least this often, in milliseconds (default 5000) */
  everyMs?: number
  /** false: finish() only clears the bar, the command saying itself that it is done (default true) */
  doneLine?: boolean
  /**
   * How often the display is looked at between updates, in milliseconds (default 1000; 0: never): one step can
   * take long (loading plans.parquet), and the bar's clock and a pipe's "every few seconds" go on meanwhile
   */
  tickMs?: number
}

export interface Progress {
  /** `done` of the total (a fraction within a step is fine), `step` what is being done now */
  update(done: number, step?: string): void
  /**
   * The work is over: clears the bar and, where anything was said before, says how long it took; `completed`
   * false (it failed) only clears the bar, the error being said elsewhere
   */
  finish(completed?: boolean): void
}

/** A terminal bar is redrawn at most this often. */
const REDRAW_MS = 100
const BAR_WIDTH = 20

const NONE: Progress = { update: () => {}, finish: () => {} }

/** `不到 1 秒`, `12 秒`, `3 分 05 秒` */
export function formatSeconds(ms: number): string {
  if (ms < 1000) return '不到 1 秒'
  const s = Math.round(ms / 1000)
  if (s < 60) return `${s} 秒`
  return `${Math.floor(s / 60)} 分 ${String(s % 60).padStart(2, '0')} 秒`
}

/** Cut to `width` display columns (CJK takes two). */
function clip(text: string, width: number): string {
  if (displayWidth(text) <= width) return text
  let out = ''
  for (const ch of text) {
    if (displayWidth(out + ch) > width - 1) break
    out += ch
  }
  return `${out}…`
}

/**
 * Where a command's progress goes: a bar when stderr is a terminal; plain lines when it is not, unless the
 * command's answer is for a program (`--json`, CSV), whose caller reads stderr as errors; undefined: none.
 */
export function progressOutput(
  io: Pick<CommandIo, 'note' | 'stderrTTY' | 'columns'>,
  machineReadable: boolean,
): ProgressOutput | undefined {
  if (io.stderrTTY) return { write: io.note, tty: true, columns: io.columns }
  return machineReadable ? undefined : { write: io.note, tty: false }
}

export function createProgress(out: ProgressOutput | undefined, opts: ProgressOptions): Progress {
  if (!out) return NONE
  const now = opts.now ?? (() => performance.now())
  const quietMs = opts.quietMs ?? 2000
  const everyMs = opts.everyMs ?? 5000
  const unit = opts.unit ? ` ${opts.unit}` : ''
  const started = now()
  let total = Math.max(0, opts.total)
  let drawn = false
  let lastDraw = Number.NEGATIVE_INFINITY
  let lastTenth = -1
  let finished = false
  let latest = { done: 0, step: '' }
  let timer: ReturnType<typeof setInterval> | undefined

  const figures = (done: number, at: number) => {
    const share = total > 0 ? Math.min(1, done / total) : 1
    const elapsed = at - started
    // The time left from the pace so far, once there is a pace to speak of.
    const leftMs = (elapsed / done) * (total - done)
    const left =
      done > 0 && done < total && elapsed >= 1000
        ? leftMs < 1000
          ? '剩余不到 1 秒'
          : `剩余约 ${formatSeconds(leftMs)}`
        : ''
    return { share, counts: `${Math.min(Math.floor(done), total)}/${total}${unit}`, elapsed, left }
  }

  const bar = (done: number, step: string, at: number) => {
    const f = figures(done, at)
    const filled = Math.round(f.share * BAR_WIDTH)
    const parts = [
      `${opts.title} [${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}]`,
      f.counts,
      `${Math.floor(f.share * 100)}%`,
      f.left,
      step,
    ].filter(Boolean)
    out.write(`\r${clip(parts.join('  '), (out.columns ?? 80) - 1)}\u001b[K`)
    drawn = true
  }

  const line = (done: number, step: string, at: number) => {
    const f = figures(done, at)
    const time = [`已用 ${formatSeconds(f.elapsed)}`, f.left].filter(Boolean).join(', ')
    out.write(
      `${opts.title}: ${f.counts} (${Math.floor(f.share * 100)}%), ${time}${step ? ` · ${step}` : ''}\n`,
    )
    drawn = true
  }

  const show = (force: boolean) => {
    const { done, step } = latest
    const at = now()
    if (out.tty) {
      if (force || at - lastDraw >= REDRAW_MS) {
        bar(done, step, at)
        lastDraw = at
      }
      return
    }
    // quiet at first; and the end is finish()'s to say
    if (at - started < quietMs || done >= total) return
    const tenth = total > 0 ? Math.floor((Math.min(done, total) / total) * 10) : 10
    if (tenth > lastTenth || at - lastDraw >= everyMs) {
      line(done, step, at)
      lastTenth = tenth
      lastDraw = at
    }
  }

  return {
    update(done, step = '') {
      if (finished) return
      latest = { done, step }
      if (done > total) total = done
      show(done >= total)
      const tick = opts.tickMs ?? 1000
      if (timer === undefined && tick > 0) {
        timer = setInterval(() => show(out.tty), tick)
        // the clock never keeps a process alive that has nothing else to do
        timer.unref?.()
      }
    },
    finish(completed = true) {
      if (finished) return
      finished = true
      clearInterval(timer)
      const at = now()
      if (out.tty && drawn) out.write('\r\u001b[K')
      if (!completed || opts.doneLine === false) return
      // A short task in a pipe said nothing; a long one (or any on a terminal) says it is done and how long it took.
      if (drawn || (!out.tty && at - started >= quietMs)) {
        const done = Math.max(latest.done, total)
        out.write(
          `${opts.title}: 完成 ${Math.floor(done)}/${total}${unit}, 用时 ${formatSeconds(at - started)}\n`,
        )
      }
    },
  }
}

/**
 * A progress whose total is known only when the work reports (a server's warm-up counts its tables as it opens
 * them): created at the first report, finished when done reaches the total.
 */
export function reportedProgress(
  out: ProgressOutput | undefined,
  opts: Omit<ProgressOptions, 'total'>,
): { report(done: number, total: number, step: string): void; finish(completed?: boolean): void } {
  let progress: Progress | undefined
  return {
    report(done, total, step) {
      progress ??= createProgress(out, { ...opts, total })
      progress.update(done, step)
      if (done >= total) progress.finish()
    },
    finish: (completed) => progress?.finish(completed),
  }
}
