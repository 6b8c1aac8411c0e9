import { type ChildProcess, spawn } from 'node:child_process'
import { resolve } from 'node:path'

const BIN = resolve(import.meta.dirname, '../../bin/gaokao.js')

/** Whether a process is still running (signal 0 asks without sending anything). */
export const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * Starts `gaokao serve` (one process, log level warn) on `dir` (undefined: the shipped datasets) and resolves once
 * it listens (its URL), or rejects with what it said.
 */
export function startServe(
  dir: string | undefined,
  store: string,
  startMs = 60_000,
): Promise<{ child: ChildProcess; url: string }> {
  const datasets = dir === undefined ? [] : ['--datasets', dir]
  const child = spawn(
    process.execPath,
    [BIN, 'serve', '--port', '0', '--workers', '1', '--log-level', 'warn', ...datasets, '--store', store],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  let stderr = ''
  child.stderr?.setEncoding('utf8')
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${stderr}`)), startMs)
    child.stderr?.on('data', (chunk: string) => {
      stderr += chunk
      const url = /接口已启动: (http:\/\/[\d.:]+)/u.exec(stderr)?.[1]
      if (url) {
        clearTimeout(timer)
        resolve({ child, url })
      }
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`serve exited with ${code}: ${stderr}`))
    })
  })
}
