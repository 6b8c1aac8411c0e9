import { cpSync, existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sha256File } from '../../src/datasets/parquet.js'
import { csvDataset } from '../../src/datasets/validate/csv-dataset.js'
import { runGaokao } from '../helpers/cli.js'
import { tempStore } from '../helpers/datasets.js'
import { bigPlanFile, exited, startImport, waitFor } from '../helpers/import-process.js'
import { startServe } from '../helpers/processes.js'

// In the slow tier (real processes). The serving issue's bar: a SIGKILL at every step of an import leaves a
// directory that `validate` passes and `serve` starts on, without a hand. Before recover-locked.ts, an import
// killed between the swap and the manifest update left a directory that `validate` failed (exit 1, the manifest
// describing the old table) until the next import repaired it.

const ROOT = resolve(import.meta.dirname, '../..')

const dataset = () =>
  csvDataset({
    csvDir: join(ROOT, 'fixtures/datasets/validate'),
    files: { score_ranks: join(ROOT, 'fixtures/datasets/score_ranks.csv') },
    out: mkdtempSync(join(tmpdir(), 'gaokao-import-kill-')),
  })

/** Where the import is killed: its pause points (import.ts), and while DuckDB writes the new file */
const STEPS = ['writing', 'after-tmp', 'after-prev', 'after-rename'] as const

describe('gaokao datasets import killed at every step', () => {
  const file = bigPlanFile()
  for (const step of STEPS) {
    it(`killed ${step}: validate passes and serve starts, the table whole (old or new)`, async () => {
      const dir = await dataset()
      const target = join(dir, 'plans.parquet')
      const before = await sha256File(target)
      const { child, stderr } = startImport(dir, file, step === 'writing' ? undefined : step)
      if (step === 'writing') await waitFor(() => existsSync(`${target}.tmp`), 'the temporary file')
      else await waitFor(() => stderr().includes(`import paused at ${step}`), 'the pause')
      child.kill('SIGKILL')
      await exited(child)
      // serve is tried on a copy of the directory as the kill left it, validate on the directory itself
      const copy = mkdtempSync(join(tmpdir(), 'gaokao-import-kill-copy-'))
      cpSync(dir, copy, { recursive: true })

      const validate = await runGaokao(['datasets', 'validate', '--datasets', dir])
      expect(validate.code, validate.stdout + validate.stderr).toBe(0)
      // killed after the swap, before the manifest said so: the import nobody was told of is rolled back, and said
      if (step === 'after-rename')
        expect(validate.stderr).toContain('已把 plans.parquet.prev 恢复为 plans.parquet')
      expect(existsSync(`${target}.prev`)).toBe(false)
      expect(await sha256File(target)).toBe(before)

      const server = await startServe(copy, tempStore())
      try {
        const res = await fetch(`${server.url}/readyz`)
        expect(res.status).toBe(200)
      } finally {
        server.child.kill('SIGKILL')
      }
    }, 120_000)
  }
})
