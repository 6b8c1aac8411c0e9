import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildFixtureDatasets, tempStore } from '../helpers/datasets.js'
import { alive } from '../helpers/processes.js'

const BIN = fileURLToPath(new URL('../../bin/gaokao.js', import.meta.url))

// In the slow tier: real processes. `npx gaokao serve` runs the server under npm, which exits on SIGTERM without
// passing it on; here a parent process stands for npm and is killed outright.
let dir: string
const leftovers: number[] = []
beforeAll(async () => {
  dir = await buildFixtureDatasets()
})
afterAll(() => {
  for (const pid of leftovers) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {}
  }
})

/** A parent that starts `gaokao serve` (its output on the parent's, i.e. ours) and prints the server's pid. */
async function serveUnderParent(env: Record<string, string>) {
  const script = `
    const { spawn } = require('node:child_process')
    const child = spawn(process.execPath, [${JSON.stringify(BIN)}, 'serve', '--port', '0', '--datasets', ${JSON.stringify(dir)}, '--store', ${JSON.stringify(tempStore())}], { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...${JSON.stringify(env)} } })
    console.log('child ' + child.pid)
    setInterval(() => {}, 1000)
  `
  const parent = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  parent.stdout.on('data', (c) => {
    out += String(c)
  })
  parent.stderr.on('data', (c) => {
    out += String(c)
  })
  for (let i = 0; i < 200 && !out.includes('接口已启动'); i++) await new Promise((r) => setTimeout(r, 100))
  const pid = Number(/child (\d+)/.exec(out)?.[1])
  leftovers.push(pid)
  return { parent, pid, output: () => out }
}

describe('gaokao serve under npx', () => {
  it('stops when npm (its parent) is gone, as if it had been sent SIGTERM', async () => {
    const { parent, pid, output } = await serveUnderParent({ npm_command: 'exec' })
    expect(output()).toContain('接口已启动')
    parent.kill('SIGKILL')
    for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100))
    expect(alive(pid)).toBe(false)
    expect(output()).toContain('父进程 (npx / npm exec) 已退出, 正在关闭')
  })

  it('outlives its parent when started directly (nohup, a shell that exits)', async () => {
    const { parent, pid, output } = await serveUnderParent({ npm_command: '' })
    expect(output()).toContain('接口已启动')
    parent.kill('SIGKILL')
    await new Promise((r) => setTimeout(r, 1500))
    expect(alive(pid)).toBe(true)
    process.kill(pid, 'SIGTERM')
    for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100))
    expect(alive(pid)).toBe(false)
  })
})
