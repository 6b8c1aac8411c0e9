import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // DuckDB is native and memory-hungry; two workers suit the 2-core machines this runs on.
    maxWorkers: 2,
  },
})
