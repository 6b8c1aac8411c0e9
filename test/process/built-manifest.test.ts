import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { deriveManifest } from '../../src/cli/derive-manifest.js'
import { ENDPOINTS } from '../../src/endpoints/index.js'

// In the slow tier: it reads the build's output (npm run test:all and npm run test:slow build first).
describe('command manifest of the build', () => {
  it('the built dist/cli/commands.json matches the registry', () => {
    const built = join(import.meta.dirname, '..', '..', 'dist', 'cli', 'commands.json')
    expect(existsSync(built)).toBe(true)
    expect(JSON.parse(readFileSync(built, 'utf8'))).toEqual(
      JSON.parse(JSON.stringify(deriveManifest(ENDPOINTS))),
    )
  })
})
