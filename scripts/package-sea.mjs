// `npm run package`: the single executable for linux-x64 (Node's single-executable applications; `pkg` is
// deprecated and unmaintained). Run `npm run build` first. Steps:
//   1. esbuild bundles dist/sea/main.js (the CLI and every endpoint) into one ES module;
//   2. Node 26's `--build-sea` injects it, with the datasets and the /api-docs page's files as assets, into a copy
//      of the Node 26 binary (installed from the npm registry's `node` package into .tmp/node26 when missing);
//   3. DuckDB's native binding (duckdb.node and libduckdb.so, which it finds beside itself) is copied beside the
//      executable: a native addon cannot run from inside it.
// Output: .tmp/sea/gaokao, .tmp/sea/duckdb.node, .tmp/sea/libduckdb.so. The three files are the whole program:
// copy them anywhere, no Node needed.
import { execFileSync } from 'node:child_process'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const OUT = join(ROOT, '.tmp/sea')
const NODE_DIR = join(ROOT, '.tmp/node26')
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))

if (!existsSync(join(ROOT, 'dist/sea/main.js')))
  throw new Error('dist/sea/main.js is missing: run `npm run build` first')
rmSync(OUT, { recursive: true, force: true })
mkdirSync(OUT, { recursive: true })

// 1. The bundle.
const nativeDir = dirname(fileURLToPath(import.meta.resolve('@duckdb/node-bindings-linux-x64/duckdb.node')))
await build({
  entryPoints: [join(ROOT, 'dist/sea/main.js')],
  outfile: join(OUT, 'gaokao.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node26',
  logLevel: 'warning',
  // Modules that look for files beside themselves look beside the executable; a `require` that can load files.
  define: { 'import.meta.url': '__gaokaoExecutableUrl' },
  banner: {
    js: [
      "import { createRequire as __gaokaoCreateRequire } from 'node:module'",
      "import { pathToFileURL as __gaokaoPathToFileURL } from 'node:url'",
      'const require = __gaokaoCreateRequire(process.execPath)',
      'const __gaokaoExecutableUrl = __gaokaoPathToFileURL(process.execPath).href',
    ].join('\n'),
  },
  plugins: [
    {
      name: 'gaokao-sea',
      setup(b) {
        // The version, known now: package.json is not beside the executable.
        b.onLoad({ filter: /[\\/]dist[\\/]version\.js$/ }, () => ({
          contents: `export const VERSION = ${JSON.stringify(pkg.version)}`,
          loader: 'js',
        }))
        // DuckDB's binding, from beside the executable.
        b.onResolve({ filter: /duckdb\.node$/ }, (args) => ({ path: args.path, namespace: 'duckdb-native' }))
        b.onLoad({ filter: /.*/, namespace: 'duckdb-native' }, () => ({
          contents: `const { join, dirname } = require('node:path')
const m = { exports: {} }
process.dlopen(m, join(dirname(process.execPath), 'duckdb.node'))
module.exports = m.exports`,
          loader: 'js',
        }))
      },
    },
  ],
})

// 2. The executable, with the datasets as assets.
const node = join(NODE_DIR, 'node_modules/node/bin/node')
if (!existsSync(node))
  execFileSync('npm', ['install', '--prefix', NODE_DIR, 'node@26', '--no-audit', '--no-fund', '--no-save'], {
    stdio: 'inherit',
  })
const datasets = readdirSync(join(ROOT, 'datasets')).filter(
  (f) => f.endsWith('.parquet') || f === 'manifest.json',
)
const index = join(OUT, 'datasets.json')
writeFileSync(index, JSON.stringify(datasets))
// The /api-docs page's files (src/http/api-docs.ts reads them with getAsset: there is no node_modules beside the
// executable).
const apiDocsDir = dirname(fileURLToPath(import.meta.resolve('swagger-ui-dist/package.json')))
const { API_DOCS_ASSETS } = await import('../dist/http/api-docs.js')
const config = {
  main: join(OUT, 'gaokao.mjs'),
  mainFormat: 'module',
  executable: node,
  output: join(OUT, 'gaokao'),
  disableExperimentalSEAWarning: true,
  useCodeCache: false,
  assets: {
    'datasets.json': index,
    ...Object.fromEntries(datasets.map((f) => [`datasets/${f}`, join(ROOT, 'datasets', f)])),
    ...Object.fromEntries(API_DOCS_ASSETS.map((f) => [`api-docs/${f}`, join(apiDocsDir, f)])),
  },
}
writeFileSync(join(OUT, 'sea-config.json'), JSON.stringify(config, null, 2))
execFileSync(node, ['--build-sea', join(OUT, 'sea-config.json')], { stdio: 'inherit' })

// 3. DuckDB's native binding beside it.
for (const f of ['duckdb.node', 'libduckdb.so']) copyFileSync(join(nativeDir, f), join(OUT, f))
for (const f of ['gaokao.mjs', 'sea-config.json', 'datasets.json']) rmSync(join(OUT, f))

const mb = (f) => `${(statSync(join(OUT, f)).size / 1e6).toFixed(1)} MB`
console.log(
  `single executable: ${join(OUT, 'gaokao')} (${mb('gaokao')}), beside it duckdb.node (${mb('duckdb.node')}) and libduckdb.so (${mb('libduckdb.so')})`,
)

// Start-up against `node bin/gaokao.js` in the same run (median wall time of 5 runs of a small query; the first
// run of the executable, which unpacks the datasets, is not counted).
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const wall = (cmd, args) => {
  const t0 = process.hrtime.bigint()
  execFileSync(cmd, args, { stdio: 'ignore' })
  return Number(process.hrtime.bigint() - t0) / 1e6
}
const query = ['seating', 'options', '--province', '江苏']
wall(join(OUT, 'gaokao'), query)
const times = { sea: [], node: [] }
for (let i = 0; i < 5; i++) {
  times.sea.push(wall(join(OUT, 'gaokao'), query))
  times.node.push(wall(process.execPath, [join(ROOT, 'bin/gaokao.js'), ...query]))
}
const [sea, viaNode] = [median(times.sea), median(times.node)]
console.log(
  `start-up (gaokao ${query.join(' ')}, median of 5): executable ${sea.toFixed(0)} ms, node bin/gaokao.js ${viaNode.toFixed(0)} ms (${(sea / viaNode).toFixed(2)}x)`,
)
