import { beforeAll, describe, expect, it } from 'vitest'
import { runGaokao } from '../helpers/cli.js'
import { buildFixtureDatasets } from '../helpers/datasets.js'

let dir: string
beforeAll(async () => {
  dir = await buildFixtureDatasets()
})

/** The candidates `gaokao __complete -- <words>` prints for the last word (what the shell scripts ask). */
const complete = async (...words: string[]) => {
  const run = await runGaokao(['__complete', '--', ...words], { datasets: dir })
  expect(run.code).toBe(0)
  return run.stdout.split('\n').filter((l) => l !== '')
}

describe('shell completion', () => {
  it('completes commands and subcommands from the program itself, the helper hidden', async () => {
    expect(await complete('')).toEqual(
      expect.arrayContaining(['seating', 'smart-match', 'serve', 'completion']),
    )
    expect(await complete('')).not.toContain('__complete')
    expect(await complete('sea')).toEqual(['seating'])
    expect(await complete('seating', 'l')).toEqual(['list'])
    expect(await complete('datasets', '')).toEqual(expect.arrayContaining(['build', 'import', 'validate']))
  })

  it('completes a command’s flags, and the values of a flag: choices, provinces, categories', async () => {
    expect(await complete('seating', 'list', '--pro')).toEqual(['--province'])
    expect(await complete('smart-match', '--')).toEqual(
      expect.arrayContaining(['--rank-year', '--xuanke', '--help']),
    )
    expect(await complete('seating', 'list', '--province', '江')).toEqual(['江苏', '江西'])
    expect(await complete('smart-match', '--format', '')).toEqual(['table', 'json', 'ndjson', 'csv'])
    expect(await complete('seating', 'list', '--km', '物')).toEqual(['物理类', '物理'])
  })

  it('completes the batches that have a rule, those of the province given first', async () => {
    const all = await complete('smart-match', '--batch', '')
    expect(all.length).toBeGreaterThan(0)
    const jiangsu = await complete('smart-match', '--province', '江苏', '--batch', '')
    expect(jiangsu[0]).toBe('本科批')
    expect(jiangsu.every((b) => all.includes(b))).toBe(true)
  })

  it('prints the script of each shell, and refuses another', async () => {
    for (const shell of ['bash', 'zsh', 'fish']) {
      const run = await runGaokao(['completion', shell])
      expect(run.code).toBe(0)
      expect(run.stdout).toContain('gaokao __complete --')
    }
    const bad = await runGaokao(['completion', 'tcsh'])
    expect([bad.code, bad.stderr.trim()]).toEqual([2, '错误: 不支持的 shell: tcsh (可选: bash, zsh, fish)'])
  })
})
