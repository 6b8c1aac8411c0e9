import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EndpointContext } from '../../src/endpoints/define.js'
import feedback, { CONTACT_INVALID, FEEDBACK_MESSAGES } from '../../src/endpoints/feedback.js'
import { invoke } from '../../src/endpoints/invoke.js'
import { FeedbackStore } from '../../src/store/feedback.js'
import { call, fixtureContext } from '../helpers/context.js'
import { buildFixtureDatasets } from '../helpers/datasets.js'

let ctx: EndpointContext
let storeDir: string
let datasets: string
beforeAll(async () => {
  datasets = await buildFixtureDatasets()
  storeDir = mkdtempSync(join(tmpdir(), 'gaokao-store-'))
  ctx = fixtureContext(datasets, null, storeDir)
})
afterAll(() => ctx.db.close())

const good = {
  feedback_type: 2,
  content: '江苏2025物理类的一分一段表很好用',
  contact: 'user@example.com',
  page_title: '一分一段',
}
const error = (message: string) => ({ code: 400, message, data: {} })

describe('feedback (SPEC 4.12)', () => {
  it('stores a valid submission and answers 提交成功', async () => {
    expect(await call(feedback, good, ctx)).toEqual({ code: 200, message: '提交成功', data: {} })
    const stored = new FeedbackStore(storeDir).list()
    expect(stored.at(-1)).toMatchObject({ ...good })
    expect(stored.at(-1)?.created_at).toMatch(/^\d{4}-\d\d-\d\dT/)
  })
  it('refuses a page_title that is no text, storing nothing (it was stored as "" and acknowledged)', async () => {
    const before = new FeedbackStore(storeDir).list().length
    for (const page_title of [{ a: 1 }, [1], true])
      expect(await call(feedback, { ...good, page_title }, ctx)).toEqual(error('页面标题应为文本'))
    expect(new FeedbackStore(storeDir).list()).toHaveLength(before)
    expect((await call(feedback, { ...good, page_title: null }, ctx)).code).toBe(200)
  })
  it('checks in the spec order: type, content, content length, contact, contact length', async () => {
    expect(await call(feedback, {}, ctx)).toEqual(error(FEEDBACK_MESSAGES.type))
    expect(await call(feedback, { feedback_type: 5, content: '', contact: '' }, ctx)).toEqual(
      error('反馈类型不正确'),
    )
    expect(await call(feedback, { feedback_type: '1.5' }, ctx)).toEqual(error('反馈类型不正确'))
    expect(await call(feedback, { feedback_type: 1, contact: '' }, ctx)).toEqual(
      error('请详细描述您的问题或建议'),
    )
    expect(await call(feedback, { feedback_type: 1, content: '   ' }, ctx)).toEqual(
      error('请详细描述您的问题或建议'),
    )
    expect(await call(feedback, { feedback_type: 1, content: '字'.repeat(1001) }, ctx)).toEqual(
      error('反馈内容最多1000字'),
    )
    expect(await call(feedback, { feedback_type: 1, content: 'ok' }, ctx)).toEqual(
      error('请输入您的邮箱或手机号'),
    )
    const longContact = `${'a'.repeat(95)}@b.com`
    expect(await call(feedback, { feedback_type: 1, content: 'ok', contact: longContact }, ctx)).toEqual(
      error('联系方式最多100个字符'),
    )
  })
  it('counts characters, not bytes: 1000 Chinese characters are allowed', async () => {
    const res = await call(feedback, { ...good, content: '字'.repeat(1000) }, ctx)
    expect(res.code).toBe(200)
    const emoji = await call(feedback, { ...good, content: '😀'.repeat(1000) }, ctx)
    expect(emoji.code).toBe(200)
    // an emoji of several code points, a flag, a letter with a combining accent: one character each
    // but not a letter of a thousand combining marks: the text is counted by its code points then, ten a character
    expect(await call(feedback, { ...good, content: `a${'\u0301'.repeat(20_000)}` }, ctx)).toEqual(
      error('反馈内容最多1000字'),
    )
    for (const one of ['👨‍👩‍👧', '🇨🇳', 'e\u0301']) {
      expect((await call(feedback, { ...good, content: one.repeat(1000) }, ctx)).code).toBe(200)
      expect(await call(feedback, { ...good, content: one.repeat(1001) }, ctx)).toEqual(
        error('反馈内容最多1000字'),
      )
    }
  })
  it('accepts a type sent as a string and mobile numbers; rejects other contacts', async () => {
    expect((await call(feedback, { ...good, feedback_type: '4', contact: '13812345678' }, ctx)).code).toBe(
      200,
    )
    expect((await call(feedback, { ...good, contact: '+86 138-1234-5678' }, ctx)).code).toBe(200)
    expect(await call(feedback, { ...good, contact: 'call me maybe' }, ctx)).toEqual(error(CONTACT_INVALID))
    expect(await call(feedback, { ...good, contact: '12345' }, ctx)).toEqual(error(CONTACT_INVALID))
  })
  it('answers 系统错误,请稍后重试 when the store cannot be written, without throwing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gaokao-store-'))
    writeFileSync(join(dir, 'blocker'), '')
    const broken = fixtureContext(datasets, null, join(dir, 'blocker', 'store'))
    expect(await call(feedback, good, broken)).toEqual(error('系统错误,请稍后重试'))
    // and the operator's log gets why (a failed write was never logged)
    const logged: unknown[] = []
    await invoke(feedback, good, broken, (err) => logged.push(err))
    expect(logged).toHaveLength(1)
    expect((logged[0] as NodeJS.ErrnoException).code).toMatch(/^E[A-Z]+$/u)
    await broken.db.close()
  })
})
