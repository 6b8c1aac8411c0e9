import { join } from 'node:path'
import { printJson, type ReportOptions, wantsJson } from './datasets-shared.js'
import { badInputError, type CliIo } from './io.js'

export interface SynthCliOptions extends ReportOptions {
  scale: string
  out?: string
  seed: string
  threads?: string
  force?: boolean
}

/** `gaokao datasets synth`: a synthetic national dataset for benchmarks. Bad input throws CliError. */
export async function runDatasetsSynth(opts: SynthCliOptions, io: CliIo): Promise<number> {
  const scale = Number(opts.scale)
  if (!Number.isFinite(scale) || scale <= 0 || scale > 100)
    throw badInputError(`--scale 应为 (0, 100] 之间的数, 收到 ${opts.scale}`)
  const seed = Number(opts.seed)
  if (!Number.isSafeInteger(seed) || seed < 0) throw badInputError(`--seed 应为非负整数, 收到 ${opts.seed}`)
  const threads = opts.threads === undefined ? undefined : Number(opts.threads)
  if (threads !== undefined && (!Number.isInteger(threads) || threads < 1))
    throw badInputError(`--threads 应为正整数, 收到 ${opts.threads}`)
  const out = opts.out ?? join('synth', `scale-${opts.scale}`)
  const { synthesize, SynthRefusedError } = await import('../datasets/synth/synth.js')
  try {
    const report = await synthesize({
      scale,
      seed,
      out,
      threads,
      force: opts.force,
      onProgress: (e) =>
        io.stderr(
          `${e.table.padEnd(22)} ${e.rows.toLocaleString('en-US').padStart(12)} 行  ${e.seconds.toFixed(1)} 秒` +
            `${e.filled.length ? `  (通用填充的列: ${e.filled.join(', ')})` : ''}\n`,
        ),
    })
    if (wantsJson(opts)) printJson(io, report)
    else {
      const rows = report.tables.reduce((a, t) => a + t.rows, 0)
      io.stdout(
        `合成数据集 -> ${report.out} (scale ${scale}, seed ${seed}): ${report.tables.length} 张表, ${rows.toLocaleString('en-US')} 行, ${report.seconds.toFixed(1)} 秒\n`,
      )
    }
    return 0
  } catch (err) {
    if (err instanceof SynthRefusedError) throw badInputError(err.message)
    throw err
  }
}
