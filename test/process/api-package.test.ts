import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

// In the slow tier: it imports the build (npm run test:all and npm run test:slow build first).
describe('the package as a library', () => {
  it('is imported by its name, as a script that depends on it does, and answers from the embedded datasets', () => {
    const script = `
      const { query, open, ApiError } = await import('gaokao')
      const data = await query('seating-option', { province: '江苏' })
      const g = open()
      const err = await g.query('seating-list', { year: 'x' }).catch((e) => e)
      await g.close()
      console.log(JSON.stringify({ provinces: Object.keys(data).length > 0, isApiError: err instanceof ApiError, code: err.code }))
    `
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: ROOT,
      encoding: 'utf8',
    })
    expect(JSON.parse(out.trim().split('\n').at(-1) as string)).toEqual({
      provinces: true,
      isApiError: true,
      code: 400,
    })
  }, 60_000)
})
