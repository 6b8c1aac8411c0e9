import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb } from '../../src/data/db.js'
import { selectsOrdinaryTracks } from '../../src/domain/art-admission.js'
import { createContextFactory } from '../../src/endpoints/context.js'
import type { EndpointContext } from '../../src/endpoints/define.js'
import historicalScores from '../../src/endpoints/historical-scores-list.js'
import { call } from '../helpers/context.js'
import { tempStore } from '../helpers/datasets.js'
import { buildFigureDatasets } from '../helpers/figure-datasets.js'

/**
 * SPEC 4.7 under an ordinary category: art admissions filed as 历史类 (fixtures/figures/plans.csv: 湘江测试大学 in
 * 湖南 2021, 音乐表演 270 and 舞蹈表演 272 beside 法学 601) are not 历史 rows, on both paths (SQL for a one-shot
 * command, the in-memory rows of a server).
 */
const contexts: Record<string, EndpointContext> = {}
beforeAll(async () => {
  const dir = await buildFigureDatasets()
  for (const [mode, preload] of [
    ['one-shot', false],
    ['server', true],
  ] as const)
    contexts[mode] = createContextFactory({
      db: openDb({ datasetsDir: dir, preload }),
      storeDir: tempStore(),
    }).forCaller(null)
})
afterAll(async () => {
  for (const c of Object.values(contexts)) await c.db.close()
})

const names = (res: any) => res.data.list.map((r: any) => `${r.school_name} ${r.spname} ${r.min}`)

describe.each(['one-shot', 'server'])('art admissions under an ordinary category, %s', (mode) => {
  const scores = (body: Record<string, unknown>) =>
    call(historicalScores, body, contexts[mode] as EndpointContext)
  it('a 历史 query opens with the school’s 历史 rows, not its 音乐表演 at 270', async () => {
    const res = await scores({ subject_type: '历史', province: '湖南', year: '2021' })
    expect(names(res)).toEqual(['湘江测试大学 法学 601', '湘江测试大学 汉语言文学 605'])
    expect(res.data.total).toBe(2)
    // the stored name asked exactly is an ordinary track too
    expect(names(await scores({ subject_type: '历史类', province: '湖南', year: '2021' }))).toEqual(
      names(res),
    )
  })
  it('leaves every row in place without a category filter', async () => {
    const res = await scores({ province: '湖南', year: '2021' })
    expect(names(res)).toEqual([
      '湘江测试大学 音乐表演(钢琴演奏方向) 270',
      '湘江测试大学 舞蹈表演 272',
      '湘江测试大学 法学 601',
      '湘江测试大学 汉语言文学 605',
    ])
  })
})

describe('which filters select ordinary tracks', () => {
  it('物理, 历史 and 综合 (and their stored names) do; art, sport or none do not', () => {
    expect(selectsOrdinaryTracks(['历史', '历史类', '文史', '文科'])).toBe(true)
    expect(selectsOrdinaryTracks(['物理类'])).toBe(true)
    expect(selectsOrdinaryTracks(['艺术类'])).toBe(false)
    expect(selectsOrdinaryTracks(['历史类', '艺术类'])).toBe(false)
    expect(selectsOrdinaryTracks(undefined)).toBe(false)
    expect(selectsOrdinaryTracks([])).toBe(false)
  })
})
