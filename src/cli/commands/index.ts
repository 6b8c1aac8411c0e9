import { CHECK_COMMANDS } from './check.js'
import { COMPLETION_COMMANDS } from './completion.js'
import { DATASETS_COMMANDS } from './datasets.js'
import type { CommandSpec } from './define.js'
import { HTTP_COMMANDS } from './http.js'
import { SEARCH_COMMANDS } from './search.js'
import { SMART_MATCH_COMMANDS } from './smart-match.js'
import { STORE_COMMANDS } from './stores.js'

/**
 * Every command of the CLI that is not an endpoint, in the order `gaokao --help` lists them after the endpoint
 * commands (those come from the endpoint registry, src/endpoints/index.ts).
 */
export const CLI_COMMANDS: readonly CommandSpec[] = [
  ...HTTP_COMMANDS,
  ...DATASETS_COMMANDS,
  ...STORE_COMMANDS,
  ...SMART_MATCH_COMMANDS,
  ...CHECK_COMMANDS,
  ...SEARCH_COMMANDS,
  ...COMPLETION_COMMANDS,
]
