import { defineConfig } from 'vitest/config'

/**
 * Two tiers. `fast` is the edit-and-test loop (`npm test`): logic, endpoints, HTTP and CLI over the small fixture
 * datasets, in one module graph per worker (isolate: false; no fast test leaves state behind, and the shuffled
 * order passes: `npx vitest run --project fast --sequence.shuffle`), under 30 s (25 s on 2026-11-27). `slow` holds
 * what needs the shipped datasets or real processes, the dataset-tooling tests that write and re-read whole tables
 * (builds, imports, validate, synth), and the fuzzing of the HTTP API, each file isolated. `npm run test:all` (the
 * README's second command, and CI's) builds and runs both.
 */
const SLOW = [
  'test/**/*shipped*.test.ts',
  'test/process/**/*.test.ts',
  'test/datasets/import*.test.ts',
  'test/datasets/validate*.test.ts',
  'test/datasets/info-files.test.ts',
  'test/datasets/synth.test.ts',
  'test/datasets/*build.test.ts',
  'test/http/random-input.test.ts',
  'test/http/prototype-names.test.ts',
  // backtests: every sampled candidate's whole list simulated (seconds per run even on the fixtures)
  'test/**/*-backtest.test.ts',
  // A real PostgreSQL (GAOKAO_TEST_PG, or one .ci/postgres.sh starts for the run: test/global/postgres.ts)
  'test/**/postgres*.test.ts',
]

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // DuckDB is native and memory-hungry; two workers suit the 2-core machines this runs on.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'fast', include: ['test/**/*.test.ts'], exclude: SLOW, isolate: false },
      },
      // Shipped-data tests take up to ~20 s each on a quiet machine; a busy one runs them several times slower.
      // Its PostgreSQL (GAOKAO_TEST_PG, or one started for the run): test/global/postgres.ts.
      {
        extends: true,
        test: {
          name: 'slow',
          include: SLOW,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          globalSetup: ['test/global/postgres.ts'],
        },
      },
    ],
  },
})
