import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildApp } from '../../src/http/app.js'
import { buildFixtureDatasets } from '../helpers/datasets.js'
import { describePostgres, dropSchema, freshSchema, TEST_PG } from '../helpers/postgres.js'

// Two replicas on one PostgreSQL store share the write limit's counts (src/http/write-counts.ts): an address gets
// its limit once, whichever replica answers it.

describePostgres('the write limit across replicas (GAOKAO_TEST_PG)', () => {
  let schema = ''
  let url = ''
  beforeAll(async () => {
    ;({ schema, url } = await freshSchema(TEST_PG))
  })
  afterAll(() => dropSchema(TEST_PG, schema))

  it('counts an address once across two replicas', async () => {
    const datasetsDir = await buildFixtureDatasets()
    const replicas = await Promise.all(
      [0, 1].map(() => buildApp({ datasetsDir, storeDir: url, writesPerMinute: 3 })),
    )
    const codes = []
    for (let n = 0; n < 6; n++) {
      const res = await replicas[n % 2]?.inject({
        method: 'POST',
        url: '/api/v1/score-v2/common-question/feedback',
        remoteAddress: '198.51.100.9',
        payload: { feedback_type: 1, content: `第 ${n} 条`, contact: 'user@example.com' },
      })
      codes.push(res?.json().code)
    }
    expect(codes).toEqual([200, 200, 200, 429, 429, 429])
    await Promise.all(replicas.map((app) => app.close()))
  })
})
