import { beforeAll, describe, expect, it } from 'vitest'
import type { Prompter } from '../../src/cli/prompter.js'
import { buildApp } from '../../src/http/app.js'
import { runGaokao } from '../helpers/cli.js'
import { buildFixtureDatasets, tempStore } from '../helpers/datasets.js'

/**
 * Finding schools and majors by what people type, on the CLI (src/cli/find-names.ts, suggest-values.ts,
 * name-search-commands.ts) over the fixture datasets: 南京大学 (sid 111, code 10284, plans in 江苏 2025), the
 * 青岚 schools (青岚大学, 青岚理工大学 ...), the majors 计算机科学与技术 (080901) and others.
 */

let dir: string
beforeAll(async () => {
  dir = await buildFixtureDatasets()
})

const gaokao = (...args: string[]) => runGaokao(args, { datasets: dir })
/** The searches are CLI-only commands, which open the datasets they are given (not the injected context). */
const search = (...args: string[]) => runGaokao([...args, '--datasets', dir])

/** A prompter that answers the one choice it is asked with `pick`, recording the question. */
function choosing(pick: (values: string[]) => string, asked: string[]): () => Promise<Prompter> {
  return async () => ({
    async select(message, choices) {
      asked.push(message, ...choices.map((c) => c.name))
      return pick(choices.map((c) => c.value))
    },
    input: async () => {
      throw new Error('no input expected')
    },
    checkbox: async () => {
      throw new Error('no checkbox expected')
    },
  })
}

describe('gaokao schools search / majors search', () => {
  it('lists the schools a short name, pinyin or a code finds, the school first', async () => {
    for (const text of ['南大', 'njdx', 'nanjingdaxue', '10284', '南京大']) {
      const run = await search('schools', 'search', text, '--json')
      expect(run.code, text).toBe(0)
      expect(JSON.parse(run.stdout)[0], text).toMatchObject({ sid: 111, name: '南京大学', code: '10284' })
    }
    const table = await search('schools', 'search', '南大')
    expect(table.stdout).toContain('南京大学')
    expect(table.stdout).toContain('简称')
  })

  it('says when nothing matches, with the nearest names', async () => {
    const run = await search('schools', 'search', '南景大学')
    expect(run).toMatchObject({ code: 0, stderr: '' })
    expect(run.stdout).toBe('没有与 "南景大学" 匹配的院校, 是否要找: 南京大学\n')
    expect(JSON.parse((await search('schools', 'search', '南景大学', '--json')).stdout)).toEqual([])
  })

  it('finds majors by part of the name, pinyin initials or the code, in CSV too', async () => {
    const first = async (text: string) =>
      JSON.parse((await search('majors', 'search', text, '--json')).stdout)[0]
    expect(await first('计算机')).toMatchObject({ name: '计算机科学与技术', code: '080901' })
    expect(await first('jsjkxyjs')).toMatchObject({ name: '计算机科学与技术' })
    expect(await first('0809')).toMatchObject({ name: '计算机科学与技术', match: '开头' })
    const csv = await search('majors', 'search', '临床', '--format', 'csv', '--no-bom')
    expect(csv.stdout.split('\r\n')[0]).toBe('major_id,name,code,level,category,class_name,match,via')
    expect(csv.stdout).toContain('临床医学,100201K')
  })

  it('refuses an empty text or a bad limit', async () => {
    expect((await search('schools', 'search', ' ')).code).toBe(2)
    const bad = await search('schools', 'search', '南大', '--limit', '0')
    expect(bad).toMatchObject({ code: 2, stderr: '错误: --limit 应为正整数, 收到 0\n' })
  })
})

describe('a school or a major named as people type it, wherever a command takes one', () => {
  it('scores --school-name 南京大 finds 南京大学 (it found nothing before)', async () => {
    const run = await gaokao('scores', '--school-name', '南京大', '--province', '江苏', '--json')
    expect(run.code).toBe(0)
    expect(run.stderr).toBe('院校: 南京大学 (按 "南京大")\n')
    const items = JSON.parse(run.stdout).data.list as { school_name: string }[]
    expect(items.length).toBeGreaterThan(0)
    expect(new Set(items.map((i) => i.school_name))).toEqual(new Set(['南京大学']))
  })

  it('open-majors --school-id takes the name, a short name or the code, and says which when not exact', async () => {
    const byId = await gaokao('open-majors', '--school-id', '111', '--province', '江苏', '--json')
    expect(byId.code).toBe(0)
    for (const [text, note] of [
      ['南京大学', ''],
      ['南大', '院校: 南京大学 (按 "南大")\n'],
      ['10284', '院校: 南京大学 (按 "10284")\n'],
    ] as const) {
      const run = await gaokao('open-majors', '--school-id', text, '--province', '江苏', '--json')
      expect(run, text).toMatchObject({ code: 0, stderr: note, stdout: byId.stdout })
    }
  })

  it('major-groups and offering-schools take any form too, in place of their argument', async () => {
    const exact = await gaokao('major-groups', '111', '--province', '江苏', '--json')
    const short = await gaokao('major-groups', 'njdx', '--province', '江苏', '--json')
    expect(short).toMatchObject({ code: 0, stdout: exact.stdout, stderr: '院校: 南京大学 (按 "njdx")\n' })
    const major = await gaokao('offering-schools', 'jsjkxyjs', '--json')
    expect(major.stdout).toBe((await gaokao('offering-schools', '080901', '--json')).stdout)
    expect(major.stderr).toBe('专业: 计算机科学与技术 (按 "jsjkxyjs")\n')
  })

  it('lists the candidates of an ambiguous text in a pipe (exit 2)', async () => {
    const run = await gaokao('scores', '--school-name', '青岚', '--province', '江苏')
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/^错误: "青岚" 可指多个院校: 青岚大学、青岚理工大学、/u)
    expect(run.stderr).toContain('gaokao schools search 青岚')
  })

  it('asks in a terminal which one is meant, and uses the answer', async () => {
    const asked: string[] = []
    const run = await runGaokao(['open-majors', '--school-id', '青岚', '--province', '湖北', '--json'], {
      datasets: dir,
      interactive: true,
      deps: { prompter: choosing((values) => values[1] as string, asked) },
    })
    expect(asked[0]).toBe('"青岚" 可指多个院校, 请选择')
    expect(asked[1]).toMatch(/^青岚大学 \(/u)
    expect(asked[2]).toMatch(/^青岚理工大学 \(/u)
    expect(run.code).toBe(0)
    // the answer is said by the choice itself: no note
    expect(run.stderr).toBe('')
    const direct = await gaokao('open-majors', '--school-id', '1002', '--province', '湖北', '--json')
    expect(run.stdout).toBe(direct.stdout)
  })

  it('names the closest schools when none matches', async () => {
    const run = await gaokao('scores', '--school-name', '南景大学', '--province', '江苏')
    expect(run).toMatchObject({ code: 2, stderr: '错误: 找不到院校 "南景大学", 是否要找: 南京大学\n' })
    // a path's resource keeps the spec's 404 answer; the terminal's line adds the closest names
    const groups = await gaokao('major-groups', '南景大学', '--json')
    expect(groups.code).toBe(2)
    expect(JSON.parse(groups.stdout)).toEqual({ code: 404, message: 'School not found', data: {} })
    expect(groups.stderr).toBe('错误: 找不到院校 "南景大学", 是否要找: 南京大学\n')
  })

  it("says a path's resource not found in Chinese on the terminal, the envelope keeping the spec's English", async () => {
    const school = await gaokao('major-groups', '不存在大学', '--province', '江苏', '--json')
    expect(school.code).toBe(2)
    expect(JSON.parse(school.stdout)).toEqual({ code: 404, message: 'School not found', data: {} })
    expect(school.stderr).toBe('错误: 找不到院校 "不存在大学"\n')
    // an id is left to the endpoint, and named as typed
    expect((await gaokao('major-groups', '99999', '--province', '江苏')).stderr).toBe(
      '错误: 找不到院校 "99999"\n',
    )
    const major = await gaokao('offering-schools', '火星学', '--json')
    expect(major.code).toBe(2)
    expect(JSON.parse(major.stdout)).toEqual({ code: 404, message: 'Major not found', data: {} })
    expect(major.stderr).toBe('错误: 找不到专业 "火星学"\n')
  })

  it('leaves the HTTP API exact: a school name is matched as it is', async () => {
    const app = await buildApp({ datasetsDir: dir, storeDir: tempStore() })
    try {
      const list = async (school_name: string) =>
        (
          await app.inject({
            method: 'POST',
            url: '/api/v1/historical-scores-list',
            payload: { school_name, province: '江苏' },
          })
        ).json().data.list as unknown[]
      expect((await list('南京大学')).length).toBeGreaterThan(0)
      expect(await list('南京大')).toEqual([])
    } finally {
      await app.close()
    }
  })
})

describe('unknown provinces, categories and batches get the closest valid ones', () => {
  it('--province 江舒 suggests 江苏 (there was no suggestion before)', async () => {
    const run = await gaokao('seating', 'list', '--province', '江舒')
    expect(run.code).toBe(2)
    expect(run.stderr).toBe('错误: 未知省份: 江舒, 是否要找: 江苏、江西\n')
    expect((await gaokao('seating', 'list', '--province', '火星')).stderr).toBe('错误: 未知省份: 火星\n')
  })

  it('keeps a message the spec fixes, and adds the suggestion on the terminal only', async () => {
    const args = ['smart-match', '--province', '江舒', '--batch', '本科批', '--rank-year', '2025']
    const more = ['--score', '600', '--subject', '物理', '--xuanke', '物理,化学,生物']
    const run = await gaokao(...args, ...more)
    expect(run).toMatchObject({
      code: 2,
      stderr: '错误: 江舒省暂无<本科批>的志愿填报规则 (未知省份 "江舒", 是否要找: 江苏、江西)\n',
    })
    const json = await gaokao(...args, ...more, '--json')
    expect(JSON.parse(json.stdout)).toEqual({
      code: 400,
      message: '江舒省暂无<本科批>的志愿填报规则',
      data: {},
    })
    // a message that names the unknown value already gets the suggestion alone
    const counts = await gaokao(
      'smart-match',
      'counts',
      '--province',
      '江舒',
      '--score',
      '600',
      '--subject',
      '物理',
    )
    expect(counts).toMatchObject({ code: 2, stderr: '错误: 未知省份: 江舒 (是否要找: 江苏、江西)\n' })
  })

  it('suggests a batch or a category for a refused value, or beside an empty answer', async () => {
    const batch = await gaokao('scores', '--province', '江苏', '--batch', '本科皮')
    expect(batch.code).toBe(2)
    expect(batch.stderr).toMatch(/\(未知批次 "本科皮", 是否要找: 本科批\)\n$/u)
    const km = await gaokao('seating', 'list', '--province', '江苏', '--km', '物里')
    expect(km.code).toBe(0)
    expect(km.stderr).toBe('提示: 未知科类 "物里", 是否要找: 物理\n')
    // a known value is not commented on
    expect((await gaokao('seating', 'list', '--province', '江苏', '--km', '物理类')).stderr).toBe('')
  })
})
