import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LOCK_FILE } from '../../src/datasets/import/lock.js'
import { recoverInterruptedImports } from '../../src/datasets/import/recover.js'
import { recoverIdle } from '../../src/datasets/import/recover-locked.js'
import { sha256Of } from '../../src/datasets/validate/manifest-drift.js'
import { runGaokao } from '../helpers/cli.js'

/** A datasets directory with one table file, its .prev, and a manifest describing one of `describe`'s files. */
async function interrupted(describe: 'live' | 'prev' | 'neither') {
  const dir = mkdtempSync(join(tmpdir(), 'gaokao-recover-'))
  writeFileSync(join(dir, 'plans.parquet'), 'new table')
  writeFileSync(join(dir, 'plans.parquet.prev'), 'old table')
  writeFileSync(join(dir, 'plans.parquet.prev.tmp'), 'half a copy')
  const sha =
    describe === 'neither'
      ? 'f'.repeat(64)
      : await sha256Of(join(dir, `plans.parquet${describe === 'prev' ? '.prev' : ''}`))
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ tables: { plans: { rows: 1, sha256: sha } } }))
  return dir
}
const read = (dir: string) => readFileSync(join(dir, 'plans.parquet'), 'utf8')

describe('an import killed late, recovered before the next import or serve', () => {
  it('undoes an import the manifest was not updated for: the .prev comes back', async () => {
    const dir = await interrupted('prev')
    const r = await recoverInterruptedImports(dir)
    expect(read(dir)).toBe('old table')
    expect(existsSync(join(dir, 'plans.parquet.prev'))).toBe(false)
    expect(existsSync(join(dir, 'plans.parquet.prev.tmp'))).toBe(false)
    expect(r).toEqual({
      notes: [expect.stringContaining('已把 plans.parquet.prev 恢复为 plans.parquet')],
      unknown: [],
    })
  })

  it('finishes an import the manifest describes: the .prev goes', async () => {
    const dir = await interrupted('live')
    const r = await recoverInterruptedImports(dir)
    expect(read(dir)).toBe('new table')
    expect(existsSync(join(dir, 'plans.parquet.prev'))).toBe(false)
    expect(r.notes).toEqual([expect.stringContaining('已删除残留的 plans.parquet.prev')])
  })

  it('touches nothing when the manifest describes neither file, and says so', async () => {
    const dir = await interrupted('neither')
    const r = await recoverInterruptedImports(dir)
    expect(r).toEqual({ notes: [], unknown: ['plans.parquet'] })
    expect(read(dir)).toBe('new table')
    expect(readFileSync(join(dir, 'plans.parquet.prev'), 'utf8')).toBe('old table')
  })

  it('serve refuses to start on such a directory, rather than serve a table no manifest describes', async () => {
    const dir = await interrupted('neither')
    const run = await runGaokao(['serve', '--port', '0', '--datasets', dir])
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/^错误: plans\.parquet 有上一次中断的导入留下的 \.prev/u)
  })

  it('does nothing where no import was interrupted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gaokao-recover-'))
    writeFileSync(join(dir, 'plans.parquet'), 'table')
    expect(await recoverInterruptedImports(dir)).toEqual({ notes: [], unknown: [] })
  })

  it('serve and validate recover only under the import lock: an import running now is not rolled back', async () => {
    const dir = await interrupted('prev')
    // the lock of a live process (this one): its .prev is no leftover
    writeFileSync(join(dir, LOCK_FILE), `${process.pid}\nsometoken\n`)
    expect(await recoverIdle(dir)).toEqual({ notes: [], unknown: [], busy: process.pid })
    expect(read(dir)).toBe('new table')
    expect(readFileSync(join(dir, 'plans.parquet.prev'), 'utf8')).toBe('old table')

    const idle = await interrupted('prev')
    const r = await recoverIdle(idle)
    expect(r.notes).toEqual([expect.stringContaining('已把 plans.parquet.prev 恢复为 plans.parquet')])
    expect(read(idle)).toBe('old table')
    expect(existsSync(join(idle, LOCK_FILE))).toBe(false) // released
  })

  it('validate recovers it and says so; without a .prev it takes no lock', async () => {
    const dir = await interrupted('live')
    const run = await runGaokao(['datasets', 'validate', '--datasets', dir])
    expect(run.stderr).toContain('已删除残留的 plans.parquet.prev')
    expect(existsSync(join(dir, 'plans.parquet.prev'))).toBe(false)
    const clean = mkdtempSync(join(tmpdir(), 'gaokao-recover-'))
    expect(await recoverIdle(clean)).toEqual({ notes: [], unknown: [] })
    expect(existsSync(join(clean, LOCK_FILE))).toBe(false)
  })
})
