// Build step (after tsc): writes dist/cli/commands.json from the endpoint registry. See manifest.ts for why.
import { writeFileSync } from 'node:fs'
import { ENDPOINTS } from '../endpoints/index.js'
import { deriveManifest } from './derive-manifest.js'

writeFileSync(
  new URL('./commands.json', import.meta.url),
  `${JSON.stringify(deriveManifest(ENDPOINTS), null, 2)}\n`,
)
