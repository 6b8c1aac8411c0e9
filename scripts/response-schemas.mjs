// `node scripts/response-schemas.mjs`: records the JSON Schema of each endpoint's answer data in
// src/http/response-schemas.json, for the OpenAPI document (src/http/answer-schemas.ts says how it is inferred).
// The samples are the answers of scripts/golden-requests.mjs (fixed requests on the shipped datasets); failures
// (the error envelope) are not samples. Run `npm run build` first; run it again when an endpoint's answer changes
// shape (test/http/response-schemas-shipped.test.ts says so).
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { ENDPOINTS } from '../dist/endpoints/index.js'
import { answerSamples, inferSchema, mergeSchemas } from '../dist/http/answer-schemas.js'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const golden = execFileSync(process.execPath, [`${ROOT}scripts/golden-requests.mjs`], {
  encoding: 'utf8',
  maxBuffer: 256 * 1024 * 1024,
})
const schemas = {}
for (const [name, samples] of answerSamples(golden, ENDPOINTS))
  schemas[name] = samples.map(inferSchema).reduce(mergeSchemas)
const out = `${ROOT}src/http/response-schemas.json`
writeFileSync(out, `${JSON.stringify(schemas, null, 2)}\n`)
// in the repository's format, so that `npm run lint` passes
execFileSync('npx', ['biome', 'format', '--write', out], { stdio: 'ignore' })
console.log(`${Object.keys(schemas).length} endpoints' answers recorded in ${out}`)
