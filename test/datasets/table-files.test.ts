import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parquetInError } from '../../src/data/read-failure.js'
import { liveTableFile, tableFiles, versionedFileName } from '../../src/data/table-files.js'
import { UNDO_DIR } from '../../src/datasets/import/history.js'
import { LOCK_FILE } from '../../src/datasets/import/lock.js'
import { removeSupersededVersions, sweepIdle, sweepStrayFiles } from '../../src/datasets/import/sweep.js'
import { sha256Of } from '../../src/datasets/validate/manifest-drift.js'
import { readManifestFile } from '../../src/datasets/validate/manifest-file.js'

// Which file is a table (src/data/table-files.ts) and what the sweep removes (sweep.ts). Contents are plain text:
// neither reads them as Parquet, and the sha256 is what tells an import's file from somebody's.

const dirWith = (files: Record<string, string>, manifest?: Record<string, { file?: string }>) => {
  const dir = mkdtempSync(join(tmpdir(), 'gaokao-table-files-'))
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  if (manifest) writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ tables: manifest }))
  return dir
}
const sha = async (text: string) => {
  const dir = dirWith({ x: text })
  return sha256Of(join(dir, 'x'))
}
const live = (dir: string) => Object.fromEntries(tableFiles(dir, ['plans', 'schools']).live)

describe('which file holds a table', () => {
  it('a built directory: <table>.parquet, with or without a manifest', () => {
    expect(live(dirWith({ 'plans.parquet': 'a', 'schools.parquet': 'b' }))).toEqual({
      plans: 'plans.parquet',
      schools: 'schools.parquet',
    })
    expect(live(dirWith({ 'plans.parquet': 'a' }, { plans: { file: 'plans.parquet' } }))).toEqual({
      plans: 'plans.parquet',
    })
  })

  it('a versioned file is the table only once manifest.json names it (the switch)', async () => {
    const v = versionedFileName('plans', await sha('new'))
    expect(v).toMatch(/^plans\.[0-9a-f]{16}\.parquet$/u)
    // before the switch: the manifest still names the old file, the new one is stray
    const before = dirWith({ 'plans.parquet': 'old', [v]: 'new' }, { plans: { file: 'plans.parquet' } })
    expect(live(before)).toEqual({ plans: 'plans.parquet' })
    expect(tableFiles(before, ['plans']).stray.get('plans')).toEqual([v])
    // after it: the new file is the table, the old one stray
    const after = dirWith({ 'plans.parquet': 'old', [v]: 'new' }, { plans: { file: v } })
    expect(live(after)).toEqual({ plans: v })
    expect(tableFiles(after, ['plans']).stray.get('plans')).toEqual(['plans.parquet'])
    expect(liveTableFile(after, 'plans')).toBe(join(after, v))
    // an import creating the table, killed before its switch: not installed
    expect(live(dirWith({ [v]: 'new' }, {}))).toEqual({})
    expect(liveTableFile(dirWith({ [v]: 'new' }, {}), 'plans').endsWith('/plans.parquet')).toBe(true)
  })

  it('a name in manifest.json is never a path, nor another table’s file', async () => {
    const v = versionedFileName('plans', await sha('new'))
    for (const file of ['../plans.parquet', '/etc/passwd', 'schools.parquet', `${v}/..`]) {
      const dir = dirWith({ 'plans.parquet': 'old', [v]: 'new' }, { plans: { file } })
      expect(live(dir), file).toEqual({ plans: 'plans.parquet' })
      expect(readManifestFile(dir).error, file).toMatch(
        /^格式不对: tables\.plans 的 file 应为 plans\.parquet/u,
      )
    }
  })

  it('an error naming a versioned file names its table', () => {
    expect(parquetInError(new Error('IO Error: "/d/plans.0123456789abcdef.parquet" is too small'))).toBe(
      'plans',
    )
    expect(parquetInError(new Error('IO Error: "/d/score_ranks.parquet" is too small'))).toBe('score_ranks')
  })
})

describe('the sweep of what an interrupted import or undo left', () => {
  it('removes an import’s unswitched file and a superseded table the undo history keeps; says which', async () => {
    const unswitched = versionedFileName('plans', await sha('new'))
    const dir = dirWith({ 'plans.parquet': 'old', [unswitched]: 'new' }, { plans: { file: 'plans.parquet' } })
    const r = await sweepStrayFiles(dir)
    expect(r).toEqual({
      notes: [expect.stringContaining(`已删除 ${unswitched}: 导入或撤销在切换之前被中断`)],
      kept: [],
    })
    expect(existsSync(join(dir, unswitched))).toBe(false)
    expect(readFileSync(join(dir, 'plans.parquet'), 'utf8')).toBe('old')

    const switched = dirWith({ 'plans.parquet': 'old', [unswitched]: 'new' }, { plans: { file: unswitched } })
    mkdirSync(join(switched, UNDO_DIR))
    writeFileSync(
      join(switched, UNDO_DIR, '1.json'),
      JSON.stringify({
        seq: 1,
        table: 'plans',
        before_sha256: await sha('old'),
        after_sha256: await sha('new'),
      }),
    )
    const s = await sweepStrayFiles(switched)
    expect(s.notes).toEqual([
      expect.stringContaining('已删除 plans.parquet: 导入或撤销在切换之后、收尾之前被中断'),
    ])
    expect(existsSync(join(switched, 'plans.parquet'))).toBe(false)
    expect(readFileSync(join(switched, unswitched), 'utf8')).toBe('new')
  })

  it('keeps, and says, a file under a table’s name that is neither: somebody’s', async () => {
    const v = versionedFileName('plans', await sha('new'))
    // <table>.parquet with no copy in the undo history, and a versioned name whose bytes are not that version
    const forged = versionedFileName('plans', await sha('other'))
    const dir = dirWith(
      { 'plans.parquet': 'hand-made', [v]: 'new', [forged]: 'not other' },
      { plans: { file: v } },
    )
    const r = await sweepStrayFiles(dir)
    expect(r.notes).toEqual([])
    expect(r.kept).toEqual([
      expect.stringContaining(`${forged} 不是 plans 表 (manifest.json 指向 ${v})`),
      expect.stringContaining(`plans.parquet 不是 plans 表 (manifest.json 指向 ${v})`),
    ])
    expect(readFileSync(join(dir, 'plans.parquet'), 'utf8')).toBe('hand-made')
    expect(existsSync(join(dir, forged))).toBe(true)
  })

  it('serve’s and validate’s sweep waits for no import: one running now is left alone; none, no lock taken', async () => {
    const v = versionedFileName('plans', await sha('new'))
    const dir = dirWith({ 'plans.parquet': 'old', [v]: 'new' }, { plans: { file: 'plans.parquet' } })
    // the lock of a live process (this one): its new file is work in progress
    writeFileSync(join(dir, LOCK_FILE), `${process.pid}\nsometoken\n`)
    expect(await sweepIdle(dir)).toEqual({ notes: [], kept: [], busy: process.pid })
    expect(existsSync(join(dir, v))).toBe(true)

    const idle = dirWith({ 'plans.parquet': 'old', [v]: 'new' }, { plans: { file: 'plans.parquet' } })
    expect((await sweepIdle(idle)).notes).toHaveLength(1)
    expect(existsSync(join(idle, v))).toBe(false)
    expect(existsSync(join(idle, LOCK_FILE))).toBe(false) // released

    const clean = dirWith({ 'plans.parquet': 'old' })
    expect(await sweepIdle(clean)).toEqual({ notes: [], kept: [] })
    expect(existsSync(join(clean, LOCK_FILE))).toBe(false)
  })

  it('a rebuild (build, synth) removes the versions of the tables it wrote, and only those', async () => {
    const v = versionedFileName('plans', await sha('imported'))
    const s = versionedFileName('schools', await sha('imported schools'))
    // build wrote plans.parquet and a manifest naming it; schools was not rebuilt and is still its import
    const dir = dirWith(
      { 'plans.parquet': 'rebuilt', [v]: 'imported', [s]: 'imported schools', 'schools.parquet': 'old' },
      { plans: { file: 'plans.parquet' }, schools: { file: s } },
    )
    expect(await removeSupersededVersions(dir, ['plans', 'schools'])).toEqual([v])
    expect(live(dir)).toEqual({ plans: 'plans.parquet', schools: s })
    expect(existsSync(join(dir, 'schools.parquet'))).toBe(true) // not a version: the sweep's to judge
  })
})
