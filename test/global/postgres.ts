import { execFileSync } from 'node:child_process'
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
  const url =
    given ||
    execFileSync('bash', ['.ci/postgres.sh', 'start'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    }).trim()
  project.provide('gaokaoTestPg', url)
  return () => {
    if (!given) execFileSync('bash', ['.ci/postgres.sh', 'stop'], { stdio: ['ignore', 'ignore', 'inherit'] })
  }
}
