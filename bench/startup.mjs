// Start-up cost of the CLI (issue bar: `gaokao --help` < 150 ms, one-shot `seating list` < 600 ms, median of 5).
// Baseline: a bare `node -e 0` in the same run, so the ratio says what our code adds on this machine today.
import { fileURLToPath } from 'node:url'
import { fmt, timeProcess } from './lib.mjs'

const bin = fileURLToPath(new URL('../bin/gaokao.js', import.meta.url))
const RUNS = 5

export function benchStartup() {
  const baseline = timeProcess(['-e', '0'], RUNS)
  const help = timeProcess([bin, '--help'], RUNS)
  const list = timeProcess(
    [bin, 'seating', 'list', '--province', '江苏', '--year', '2025', '--km', '物理类', '--json'],
    RUNS,
  )
  return [
    { name: 'node -e 0 (baseline)', median: fmt(baseline), ratio: '1.00x', bar: '' },
    {
      name: 'gaokao --help',
      median: fmt(help),
      ratio: `${(help / baseline).toFixed(2)}x`,
      bar: help < 150 ? 'ok (< 150 ms)' : 'OVER 150 ms',
    },
    {
      name: 'gaokao seating list (one-shot)',
      median: fmt(list),
      ratio: `${(list / baseline).toFixed(2)}x`,
      bar: list < 600 ? 'ok (< 600 ms)' : 'OVER 600 ms',
    },
  ]
}
