import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FeedbackStore } from '../../src/store/feedback.js'

const WRITER = join(import.meta.dirname, 'feedback-writer.mjs')

/** Starts a writer process; collects the records it acknowledged (printed after fsync). */
function startWriter(dir: string, name: string, count: number) {
  const proc = spawn(process.execPath, [WRITER, dir, name, String(count)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const acked = new Set<string>()
  let buffer = ''
  proc.stdout.setEncoding('utf8')
  proc.stdout.on('data', (chunk: string) => {
    buffer += chunk
    const lines = buffer.split('\n')
    buffer = lines.pop() ?? ''
    for (const line of lines) {
      const m = /^ack (\S+) (\d+)$/.exec(line)
      if (m) acked.add(`${m[1]}:${m[2]}`)
    }
  })
  return { proc, acked }
}

const storedKeys = (dir: string) =>
  new FeedbackStore(dir).list().map((r) => `${r.contact.split('@')[0]}:${r.page_title}`)

describe('feedback store under concurrent and killed writers', () => {
  it('two processes writing at once lose nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gaokao-fb-'))
    const writers = [startWriter(dir, 'w1', 300), startWriter(dir, 'w2', 300)]
    const codes = await Promise.all(writers.map(async (w) => (await once(w.proc, 'exit'))[0]))
    expect(codes).toEqual([0, 0])
    const keys = storedKeys(dir)
    expect(keys).toHaveLength(600)
    expect(new Set(keys).size).toBe(600)
    for (const w of writers) for (const k of w.acked) expect(keys).toContain(k)
  })

  it('a writer killed with SIGKILL under load leaves every acknowledged record readable and the store usable', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gaokao-fb-'))
    const writers = [startWriter(dir, 'k1', 0), startWriter(dir, 'k2', 0)]
    // Let both acknowledge some records (however loaded the machine is), then kill both mid-stream.
    const deadline = Date.now() + 20_000
    while (writers.some((w) => w.acked.size < 20) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20))
    for (const w of writers) w.proc.kill('SIGKILL')
    await Promise.all(writers.map((w) => once(w.proc, 'exit')))
    const acked = writers.flatMap((w) => [...w.acked])
    expect(acked.length).toBeGreaterThan(10) // the kill really happened under load
    const keys = new Set(storedKeys(dir))
    const lost = acked.filter((k) => !keys.has(k))
    expect(lost).toEqual([])
    // The store stays usable: a new record after the kill is read back, whatever fragment the kill left.
    const store = new FeedbackStore(dir)
    store.submit({ feedback_type: 3, content: '重启之后', contact: 'after@example.com', page_title: 'after' })
    expect(storedKeys(dir)).toContain('after:after')
  })
})
