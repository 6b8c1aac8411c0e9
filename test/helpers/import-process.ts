import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

/** `gaokao datasets import` as a real process, for the tests that kill it (test/datasets/import*.test.ts). */

const BIN = resolve(import.meta.dirname, '../../bin/gaokao.js')

/** A plans file of 60,000 rows of 江苏 2025: its import takes long enough to be caught at every step. */
export function bigPlanFile(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'gaokao-big-')), 'plans-big.csv')
  const lines = ['sid,spname,spcode,subject_type,batch_name,num,tuition,min,average,max']
  for (let i = 0; i < 60_000; i++) {
    const min = 690 + (i % 10)
    lines.push(`10284,专业${i},080901,物理类,本科批,${1 + (i % 50)},5000,${min},${min},${min + 1}`)
  }
  writeFileSync(file, `${lines.join('\n')}\n`)
  return file
}

/** The arguments of `gaokao datasets import plans <file>` of 江苏 2025 into `dir`, and `extra` */
export const importPlansArgs = (file: string, dir: string, ...extra: string[]): string[] => [
  'datasets',
  'import',
  'plans',
  file,
  '--province',
  '江苏',
  '--year',
  '2025',
  '--datasets',
  dir,
  ...extra,
]

/**
 * `gaokao datasets import plans <file>` of 江苏 2025 into `dir`, with --replace; `pause` (import.ts's PausePoint)
 * makes it stop there for a minute, saying `import paused at <point>` on stderr.
 */
export function startImport(
  dir: string,
  file: string,
  pause?: string,
): { child: ChildProcess; stderr: () => string } {
  let stderr = ''
  const child = spawn(process.execPath, [BIN, ...importPlansArgs(file, dir, '--replace')], {
    env: { ...process.env, ...(pause ? { GAOKAO_TEST_IMPORT_PAUSE: `${pause}:60000` } : {}) },
    stdio: 'pipe',
  })
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString()
  })
  return { child, stderr: () => stderr }
}

export const exited = (child: ChildProcess) => new Promise<void>((r) => child.once('exit', () => r()))

export async function waitFor(test: () => boolean, what: string, ms = 60_000): Promise<void> {
  const until = Date.now() + ms
  while (!test()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 2))
  }
}
