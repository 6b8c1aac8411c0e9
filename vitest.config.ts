import { defineConfig } from 'vitest/config'

/**
 * Two tiers. `fast` is the edit-and-test loop (`npm run test:fast`): logic, endpoints, HTTP and CLI over the small
 * fixture datasets. `slow` holds what needs the shipped datasets or real processes, and the dataset-tooling tests
 * that write and re-read whole tables (builds, imports, validate, synth), and the fuzzing of the HTTP API. `npm test` (the README's, and CI's) runs both.
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
]

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // DuckDB is native and memory-hungry; two workers suit the 2-core machines this runs on.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'fast', include: ['test/**/*.test.ts'], exclude: SLOW } },
      { extends: true, test: { name: 'slow', include: SLOW } },
    ],
  },
})
