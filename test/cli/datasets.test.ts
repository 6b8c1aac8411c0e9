import { describe, expect, it } from 'vitest'
import { runGaokao } from '../helpers/cli.js'

describe('gaokao datasets (help and usage)', () => {
  it('lists the data staff commands', async () => {
    const run = await runGaokao(['datasets', '--help'])
    expect(run.code).toBe(0)
    for (const cmd of ['build', 'info', 'validate', 'import', 'synth'])
      expect(run.stdout).toMatch(new RegExp(`\\n  ${cmd}\\b`))
  })

  it('documents the flags of each command, with examples', async () => {
    const flags: Record<string, string[]> = {
      info: ['--datasets <dir>', '--table <name>', '--json'],
      validate: ['--datasets <dir>', '--max-per-rule <n>', '--rules', '--tables <names>', '--json'],
      import: [
        '<table>',
        '<file>',
        '--province <name>',
        '--year <year>',
        '--km <km>',
        '--dry-run',
        'README.md',
      ],
      synth: ['--scale <n>', '--out <dir>', '--seed <s>', '--threads <n>', 'git 忽略'],
    }
    for (const [cmd, expected] of Object.entries(flags)) {
      const run = await runGaokao(['datasets', cmd, '--help'])
      expect(run.code, cmd).toBe(0)
      for (const f of expected) expect(run.stdout, `${cmd} ${f}`).toContain(f)
      expect(run.stdout, cmd).toContain('示例:')
    }
  })

  it('answers a usage error with exit 2', async () => {
    expect((await runGaokao(['datasets', 'validate', '--bogus'])).code).toBe(2)
    expect((await runGaokao(['datasets', 'import', 'plans'])).code).toBe(2)
    expect((await runGaokao(['datasets', 'info', '--format', 'xml'])).code).toBe(2)
  })
})
