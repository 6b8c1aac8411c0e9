import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AppendLog } from '../../src/store/append-log.js'
import { FeedbackStore } from '../../src/store/feedback.js'

const tmp = () => mkdtempSync(join(tmpdir(), 'gaokao-log-'))

describe('AppendLog', () => {
  it('reads back what was appended, in order, and creates its directory', () => {
    const log = new AppendLog<{ n: number }>(join(tmp(), 'nested', 'dir', 'log.ndjson'))
    expect(log.readAll()).toEqual([])
    for (let n = 0; n < 5; n++) log.append({ n })
    expect(log.readAll()).toEqual([0, 1, 2, 3, 4].map((n) => ({ n })))
  })
  it('skips a torn fragment left by a killed writer, and it never swallows the next record', () => {
    const path = join(tmp(), 'log.ndjson')
    const log = new AppendLog<{ n: number; text: string }>(path)
    log.append({ n: 1, text: '一' })
    appendFileSync(path, '\n{"n":2,"text":"被截断') // a write cut short: no closing brace, no newline
    log.append({ n: 3, text: '三' })
    expect(log.readAll()).toEqual([
      { n: 1, text: '一' },
      { n: 3, text: '三' },
    ])
    expect(readFileSync(path, 'utf8')).toContain('被截断')
  })
  it('ignores lines that are JSON but not records', () => {
    const path = join(tmp(), 'log.ndjson')
    writeFileSync(path, '\n[1,2]\n\n"x"\n{"n":1}\n')
    expect(new AppendLog(path).readAll()).toEqual([{ n: 1 }])
  })
  it('counts the lines it could not read, so that a reader can say records were skipped', () => {
    const path = join(tmp(), 'log.ndjson')
    const log = new AppendLog<{ n: number }>(path)
    for (let n = 1; n <= 3; n++) log.append({ n })
    expect(log.read()).toEqual({ records: [{ n: 1 }, { n: 2 }, { n: 3 }], unreadable: 0 })
    // one damaged byte in the middle record
    writeFileSync(path, readFileSync(path, 'utf8').replace('{"n":2}', '{"n"\u0000:2}'))
    appendFileSync(path, '\n[1]\n')
    expect(log.read()).toEqual({ records: [{ n: 1 }, { n: 3 }], unreadable: 2 })
  })
  it('fails loudly when the store cannot be written', () => {
    const dir = tmp()
    writeFileSync(join(dir, 'file'), '')
    const store = new FeedbackStore(join(dir, 'file', 'store')) // a path under a regular file: ENOTDIR
    expect(() =>
      store.submit({ feedback_type: 1, content: 'x', contact: 'a@b.cn', page_title: '' }),
    ).toThrow()
  })
})
