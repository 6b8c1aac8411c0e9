import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'gaokao.js')

describe('the CLI in a pipeline', () => {
  it('exits quietly when the reader closes the pipe early (gaokao ... | head -1)', async () => {
    // An output far larger than a pipe's buffer, so that the writer really meets the closed pipe.
    const store = mkdtempSync(join(tmpdir(), 'gaokao-pipe-'))
    const record = (i: number) =>
      JSON.stringify({
        id: String(i),
        feedback_type: 1,
        content: '反馈'.repeat(100),
        contact: 'a@b.cn',
        page_title: '',
        created_at: '2026-01-01T00:00:00Z',
      })
    writeFileSync(
      join(store, 'feedback.ndjson'),
      Array.from({ length: 3000 }, (_, i) => `\n${record(i)}\n`).join(''),
    )
    const proc = spawn(process.execPath, [BIN, 'feedback', 'list', '--format', 'ndjson', '--store', store], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    proc.stderr.setEncoding('utf8').on('data', (c: string) => {
      stderr += c
    })
    await once(proc.stdout, 'data')
    proc.stdout.destroy()
    const [code] = await once(proc, 'exit')
    expect(stderr).not.toMatch(/EPIPE|Error/)
    expect(code).toBe(0)
  })
})
