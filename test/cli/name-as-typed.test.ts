import { join } from 'node:path'
import { DuckDBInstance } from '@duckdb/node-api'
import { beforeAll, describe, expect, it } from 'vitest'
import { runGaokao } from '../helpers/cli.js'
import { buildFixtureDatasets } from '../helpers/datasets.js'

/**
 * A school's full name written otherwise than the datasets write it (ASCII brackets, no brackets, spaces) is found
 * by the search as its full name (src/domain/name-search.ts compares names normalized), but the endpoints match
 * the text as it is: the command line must hand them the school's own name (src/cli/find-names.ts). The fixture's
 * 南京大学 (sid 111) is renamed here 南京大学（鼓楼校区）, with full-width brackets as the shipped campus names
 * (哈尔滨工业大学（深圳）, 山东大学（威海）).
 */

const CAMPUS = '南京大学（鼓楼校区）'
let dir: string
beforeAll(async () => {
  dir = await buildFixtureDatasets()
  const file = join(dir, 'schools.parquet')
  const renamed = join(dir, 'schools-renamed.parquet')
  const instance = await DuckDBInstance.create(':memory:')
  const conn = await instance.connect()
  await conn.run(
    `COPY (SELECT * REPLACE (CASE WHEN sid = 111 THEN '${CAMPUS}' ELSE name END AS name) FROM '${file}')
     TO '${renamed}' (FORMAT parquet)`,
  )
  await conn.run(`COPY (SELECT * FROM '${renamed}') TO '${file}' (FORMAT parquet)`)
  conn.closeSync()
  instance.closeSync()
})

const gaokao = (...args: string[]) => runGaokao(args, { datasets: dir })
const schoolsOf = (stdout: string) =>
  new Set((JSON.parse(stdout).data.list as { school_name: string }[]).map((i) => i.school_name))

describe('a full school name typed with ASCII brackets or without them', () => {
  it('scores --school-name uses the school name of the datasets, and says so', async () => {
    const exact = await gaokao('scores', '--school-name', CAMPUS, '--province', '江苏', '--json')
    expect(exact).toMatchObject({ code: 0, stderr: '' })
    expect(schoolsOf(exact.stdout).size).toBe(1)
    for (const text of ['南京大学(鼓楼校区)', '南京大学鼓楼校区', '南京大学 (鼓楼校区)']) {
      const run = await gaokao('scores', '--school-name', text, '--province', '江苏', '--json')
      // Before the fix: the text went to the endpoint as typed, which found nothing, and nothing was said
      expect(run.stderr, text).toBe(`院校: ${CAMPUS} (按 "${text}")\n`)
      expect(run, text).toMatchObject({ code: 0, stdout: exact.stdout })
    }
  })

  it('major-groups and open-majors find the school too (major-groups answered "School not found")', async () => {
    const byId = await gaokao('major-groups', '111', '--province', '江苏', '--json')
    expect(JSON.parse(byId.stdout).data.name).toBe(CAMPUS)
    for (const text of ['南京大学(鼓楼校区)', '南京大学鼓楼校区']) {
      const run = await gaokao('major-groups', text, '--province', '江苏', '--json')
      expect(run, text).toMatchObject({
        code: 0,
        stdout: byId.stdout,
        stderr: `院校: ${CAMPUS} (按 "${text}")\n`,
      })
    }
    const open = await gaokao('open-majors', '--school-id', '111', '--province', '江苏', '--json')
    const typed = await gaokao(
      'open-majors',
      '--school-id',
      '南京大学(鼓楼校区)',
      '--province',
      '江苏',
      '--json',
    )
    expect(typed).toMatchObject({ code: 0, stdout: open.stdout })
  })

  it('leaves the exact name, the id and the code as typed, without a note', async () => {
    for (const text of [CAMPUS, '111', '10284']) {
      const run = await gaokao('major-groups', text, '--province', '江苏', '--json')
      expect(run, text).toMatchObject({ code: 0, stderr: '' })
    }
  })
})

describe('a number that is no id, given where an id is found by name', () => {
  it('is refused as over HTTP (exit 2), never searched as text for a code holding its digits', async () => {
    // before: --major-id -1 answered for 哲学 (code 010101 holds a 1), exit 0
    for (const bad of ['-1', '1.5', '1e3']) {
      const run = await gaokao('hot-schools', '--major-id', bad, '--province', '宁夏', '--year', '2025')
      expect(run.code, bad).toBe(2)
      expect(run.stderr).toMatch(/^错误: 参数 major_id 无效/u)
    }
  })
})
