import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import feedback from '../../src/endpoints/feedback.js'
import { buildApp } from '../../src/http/app.js'
import { buildFixtureDatasets } from '../helpers/datasets.js'

describe('failures on our side reach the operator', () => {
  it('a feedback the store cannot write is answered with the spec message and reported with its cause', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gaokao-store-'))
    writeFileSync(join(dir, 'blocker'), '') // a file where the store's directory should be
    const reported: unknown[] = []
    const app = await buildApp({
      datasetsDir: await buildFixtureDatasets(),
      storeDir: join(dir, 'blocker', 'store'),
      onInternalError: (err) => reported.push(err),
    })
    const res = await app.inject({
      method: feedback.http.method,
      url: feedback.http.path,
      payload: { feedback_type: 2, content: '很好用', contact: 'user@example.com' },
    })
    expect(res.json()).toMatchObject({ code: 400, message: '系统错误,请稍后重试' })
    expect(reported).toHaveLength(1)
    expect((reported[0] as NodeJS.ErrnoException).code).toMatch(/^E[A-Z]+$/u)
    await app.close()
  })
})
