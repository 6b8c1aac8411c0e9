import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb } from '../../src/data/db.js'
import { resolveMatches } from '../../src/domain/name-search.js'
import { SCHOOL_ALIASES } from '../../src/features/name-search/aliases.js'
import { findSchools, type SchoolEntry, schoolEntries } from '../../src/features/name-search/schools.js'
import { runGaokao } from '../helpers/cli.js'
import { SHIPPED } from './helpers.js'

/**
 * The bar for school search on the shipped schools table: for the 200 hottest schools, the full name,
 * the common short name and the pinyin initials each find the school first. The cases are the table
 * school-search-top200.csv beside this file (hot, name, short_name, initials, initials_first): where a hotter
 * school has the same initials (天津大学 and 同济大学 are both tjdx), initials_first names the one found first, so
 * that the collision is written down rather than hidden. Also the three findings of the issue about schools.
 */

interface Case {
  hot: number
  name: string
  short: string
  initials: string
  initialsFirst: string
}

const CASES: Case[] = readFileSync(join(import.meta.dirname, 'school-search-top200.csv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [hot, name, short, initials, initialsFirst] = line.split(',') as string[]
    return { hot: Number(hot), name, short, initials, initialsFirst } as Case
  })

const db = openDb({ datasetsDir: SHIPPED })
let entries: SchoolEntry[]
beforeAll(async () => {
  entries = await schoolEntries(db)
})
afterAll(() => db.close())

const first = async (text: string) => (await findSchools(entries, text))[0]?.entry.name

describe('school search on the shipped schools', () => {
  it('has a case for each of the 200 hottest schools', () => {
    const hottest = [...entries].sort((a, b) => a.order - b.order).slice(0, 200)
    expect(CASES.map((c) => c.name)).toEqual(hottest.map((s) => s.name))
  })

  it.each(CASES)('$name: by its full name, $short and $initials', async (c) => {
    expect(await first(c.name)).toBe(c.name)
    expect(await first(c.short)).toBe(c.name)
    // a short name is one clear match, used without asking
    expect(resolveMatches(await findSchools(entries, c.short))).toMatchObject({
      found: 'one',
      match: { entry: { name: c.name } },
    })
    expect(await first(c.initials)).toBe(c.initialsFirst)
  })

  it('knows every school the short-name file names, and no short name is another school’s name', () => {
    const names = new Set(entries.map((e) => e.name))
    expect([...SCHOOL_ALIASES.keys()].filter((n) => !names.has(n))).toEqual([])
    const aliases = [...SCHOOL_ALIASES.values()].flat()
    expect(aliases.filter((a) => names.has(a))).toEqual([])
  })

  it('finds a school by its English abbreviation, in any case, as one clear match (pku, HUST, Xidian)', async () => {
    const latin = [...SCHOOL_ALIASES].flatMap(([name, aliases]) =>
      aliases.filter((a) => /^[A-Za-z][A-Za-z -]+$/u.test(a)).map((alias) => ({ name, alias })),
    )
    expect(latin.length).toBeGreaterThan(80)
    for (const { name, alias } of latin)
      for (const typed of [alias, alias.toLowerCase()])
        expect(resolveMatches(await findSchools(entries, typed)), typed).toMatchObject({
          found: 'one',
          match: { entry: { name } },
        })
  })

  it('finds a school by its 10-digit MOE code and by its id', async () => {
    expect(await first('4132010284')).toBe('南京大学')
    expect(await first('111')).toBe('南京大学')
  })
})

describe('the findings of the issue, on the shipped datasets', () => {
  it('scores --school-name 南京大 --province 江苏 finds 南京大学', async () => {
    const run = await runGaokao(['scores', '--school-name', '南京大', '--province', '江苏', '--json'], {
      datasets: SHIPPED,
    })
    expect(run.code).toBe(0)
    const list = JSON.parse(run.stdout).data.list as { school_name: string }[]
    expect(list.length).toBeGreaterThan(0)
    expect(new Set(list.map((r) => r.school_name))).toEqual(new Set(['南京大学']))
  })

  it('open-majors --school-id 南京理工大学 works', async () => {
    const run = await runGaokao(
      ['open-majors', '--school-id', '南京理工大学', '--province', '江苏', '--json'],
      {
        datasets: SHIPPED,
      },
    )
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout).data.length).toBeGreaterThan(0)
  })

  it('--province 江舒 suggests 江苏', async () => {
    const run = await runGaokao(['scores', '--province', '江舒'], { datasets: SHIPPED })
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('是否要找: 江苏')
  })
})
