import { cpSync, existsSync, mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { liveTableFile } from '../../src/data/table-files.js'
import { sha256File } from '../../src/datasets/parquet.js'
import { csvDataset } from '../../src/datasets/validate/csv-dataset.js'
import { runGaokao } from '../helpers/cli.js'
import { tempStore } from '../helpers/datasets.js'
import { bigPlanFile, exited, startImport, waitFor } from '../helpers/import-process.js'
import { startServe } from '../helpers/processes.js'

// In the slow tier (real processes). The serving issue's bar: a SIGKILL at every step of an import leaves the
// old state or the new one, each consistent with its manifest, by itself: `serve` starts on the directory exactly
// as the kill left it (nothing recovered first), and `validate` passes. Before the one switch (table-files.ts),
// an import killed between its two renames left a table its manifest did not describe until a command repaired it.

const ROOT = resolve(import.meta.dirname, '../..')

const dataset = () =>
  csvDataset({
    csvDir: join(ROOT, 'fixtures/datasets/validate'),
    files: { score_ranks: join(ROOT, 'fixtures/datasets/score_ranks.csv') },
    out: mkdtempSync(join(tmpdir(), 'gaokao-import-kill-')),
  })

/** Where the import is killed: while DuckDB writes the new file, and at its pause points (import.ts) */
const STEPS = ['writing', 'after-tmp', 'before-switch', 'after-switch'] as const

describe('gaokao datasets import killed at every step', () => {
  const file = bigPlanFile()
  for (const step of STEPS) {
    it(`killed ${step}: serve starts on the directory as it was left, validate passes, the table whole`, async () => {
      const dir = await dataset()
      const before = await sha256File(join(dir, 'plans.parquet'))
      const { child, stderr } = startImport(dir, file, step === 'writing' ? undefined : step)
      if (step === 'writing')
        await waitFor(() => existsSync(join(dir, 'plans.parquet.tmp')), 'the temporary file')
      else await waitFor(() => stderr().includes(`import paused at ${step}`), 'the pause')
      child.kill('SIGKILL')
      await exited(child)

      // the table is the old one until the switch, the new one after it; either is what manifest.json describes
      const switched = step === 'after-switch'
      const live = liveTableFile(dir, 'plans')
      if (switched) expect(await sha256File(live)).not.toBe(before)
      else expect(await sha256File(live)).toBe(before)
      // the new table under its versioned name once it is complete
      if (step === 'before-switch' || switched)
        expect(readdirSync(dir).filter((f) => /^plans\.[0-9a-f]{16}\.parquet$/u.test(f))).toHaveLength(1)

      // serve, on a copy of the directory exactly as the kill left it (serve removes nothing), is ready
      const copy = mkdtempSync(join(tmpdir(), 'gaokao-import-kill-copy-'))
      cpSync(dir, copy, { recursive: true })
      const server = await startServe(copy, tempStore())
      try {
        const res = await fetch(`${server.url}/readyz`)
        expect(res.status).toBe(200)
      } finally {
        server.child.kill('SIGKILL')
      }
      expect(readdirSync(copy).sort()).toEqual(readdirSync(dir).sort())

      const validate = await runGaokao(['datasets', 'validate', '--datasets', dir])
      expect(validate.code, validate.stdout + validate.stderr).toBe(0)
      // the file the import left that is not the table is removed, and said
      if (step === 'before-switch') expect(validate.stderr).toContain('导入或撤销在切换之前被中断')
      if (switched)
        expect(validate.stderr).toContain('已删除 plans.parquet: 导入或撤销在切换之后、收尾之前被中断')
      expect(readdirSync(dir).filter((f) => f.startsWith('plans.') && f.endsWith('.parquet'))).toEqual([
        live.slice(dir.length + 1),
      ])
    }, 120_000)
  }
})
