import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const BIN = fileURLToPath(new URL('../../bin/gaokao.js', import.meta.url))

// In the slow tier: a real bash loads the script and completes, `gaokao` being the built CLI.
describe('bash completion, in bash', () => {
  it('completes a subcommand and a province through the loaded script', () => {
    const script = `
      gaokao() { "${process.execPath}" "${BIN}" "$@"; }
      source <(gaokao completion bash)
      COMP_WORDS=(gaokao seating l); COMP_CWORD=2; _gaokao; echo "\${COMPREPLY[*]}"
      COMP_WORDS=(gaokao seating list --province 河); COMP_CWORD=4; _gaokao; echo "\${COMPREPLY[*]}"
    `
    const out = execFileSync('bash', ['-c', script], { encoding: 'utf8' }).trim().split('\n')
    expect(out).toEqual(['list', '河北 河南'])
  }, 60_000)
})
