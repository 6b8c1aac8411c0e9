import { execFileSync } from 'node:child_process'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test database's URL (test/helpers/postgres.ts) */
    gaokaoTestPg: string
  }
}

/**
 * The slow tier's PostgreSQL: GAOKAO_TEST_PG when it is set (`.ci/run` exports the one it started), else a
 * throwaway cluster of `.ci/postgres.sh` (it installs Debian's package where none is), stopped when the run ends.
 * The store's PostgreSQL tests therefore always run, on every machine that runs the slow tier.
 */
export default function setup(project: TestProject): () => void {
  const given = process.env.GAOKAO_TEST_PG
  // This run's own cluster: another run on the machine (or `.ci/run`'s, in its default directory) is never reused
  // and then stopped under its feet when this run ends.
  const env = { ...process.env, GAOKAO_PG_DIR: join(tmpdir(), `gaokao-test-pg-${process.pid}`) }
  const url =
    given ||
    execFileSync('bash', ['.ci/postgres.sh', 'start'], {
      encoding: 'utf8',
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    }).trim()
  project.provide('gaokaoTestPg', url)
  return () => {
    if (!given)
      execFileSync('bash', ['.ci/postgres.sh', 'stop'], { env, stdio: ['ignore', 'ignore', 'inherit'] })
  }
}
