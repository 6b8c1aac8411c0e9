// `node scripts/response-schemas.mjs`: records the JSON Schema of each endpoint's answer data in
// src/http/response-schemas.json, for the OpenAPI document (src/http/answer-schemas.ts says how it is made: the
// shapes from the samples, the types from the spec's field tables). The samples are the answers of
// scripts/golden-requests.mjs (fixed requests on the shipped datasets, the answer variants among them); failures
// (the error envelope) are not samples. Run `npm run build` first; run it again when an endpoint's answer changes
// shape (test/http/response-schemas-shipped.test.ts and test/http/answer-schema-variants-shipped.test.ts say so).
// Prints, on stderr, where the answers and the spec differ; it fails when a field the spec does not type is null
// in every sample. The same datasets and requests give the same file, byte for byte.
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { ENDPOINTS } from '../dist/endpoints/index.js'
import { answerSamples, describeAnswers } from '../dist/http/answer-schemas.js'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const golden = execFileSync(process.execPath, [`${ROOT}scripts/golden-requests.mjs`], {
  encoding: 'utf8',
  maxBuffer: 256 * 1024 * 1024,
})
const schemas = {}
const notes = []
for (const [name, samples] of answerSamples(golden, ENDPOINTS)) {
  const described = describeAnswers(name, samples)
  schemas[name] = described.schema
  notes.push(...described.notes)
}
const out = `${ROOT}src/http/response-schemas.json`
writeFileSync(out, `${JSON.stringify(schemas, null, 2)}\n`)
// in the repository's format, so that `npm run lint` passes
execFileSync('npx', ['biome', 'format', '--write', out], { stdio: 'ignore' })
if (notes.length) console.error(`Where the answers and the spec differ:\n  ${notes.join('\n  ')}`)
console.log(`${Object.keys(schemas).length} endpoints' answers recorded in ${out}`)
