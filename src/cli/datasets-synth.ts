import { join } from 'node:path'
import { SynthRefusedError, type SynthReport, synthesize } from '../datasets/synth/synth.js'
import { badRequest } from '../errors.js'
import { defineRun } from './commands/define.js'
import { jsonText, type ReportOptions, wantsJson } from './datasets-shared.js'

export interface SynthCliOptions extends ReportOptions {
  scale: string
  out?: string
  seed: string
  threads?: string
  force?: boolean
}

/** `gaokao datasets synth`: a synthetic national dataset for benchmarks, with a progress line per table. */
export const synthRun = defineRun({
  async action(_args, opts: SynthCliOptions, io): Promise<SynthReport> {
    const scale = Number(opts.scale)
    if (!Number.isFinite(scale) || scale <= 0 || scale > 100)
      throw badRequest(`--scale 应为 (0, 100] 之间的数, 收到 ${opts.scale}`)
    const seed = Number(opts.seed)
    if (!Number.isSafeInteger(seed) || seed < 0) throw badRequest(`--seed 应为非负整数, 收到 ${opts.seed}`)
    const threads = opts.threads === undefined ? undefined : Number(opts.threads)
    if (threads !== undefined && (!Number.isInteger(threads) || threads < 1))
      throw badRequest(`--threads 应为正整数, 收到 ${opts.threads}`)
    try {
      return await synthesize({
        scale,
        seed,
        out: opts.out ?? join('synth', `scale-${opts.scale}`),
        threads,
        force: opts.force,
        onProgress: (e) =>
          io.note(
            `${e.table.padEnd(22)} ${e.rows.toLocaleString('en-US').padStart(12)} 行  ${e.seconds.toFixed(1)} 秒` +
              `${e.filled.length ? `  (通用填充的列: ${e.filled.join(', ')})` : ''}\n`,
          ),
      })
    } catch (err) {
      // A directory synth did not make is the user's to name differently (or --force).
      if (err instanceof SynthRefusedError) throw badRequest(err.message)
      throw err
    }
  },
  render(report, opts) {
    if (wantsJson(opts)) return jsonText(report)
    const rows = report.tables.reduce((a, t) => a + t.rows, 0)
    return `合成数据集 -> ${report.out} (scale ${report.scale}, seed ${report.seed}): ${report.tables.length} 张表, ${rows.toLocaleString('en-US')} 行, ${report.seconds.toFixed(1)} 秒\n`
  },
})
