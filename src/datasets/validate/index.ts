import { resolve } from 'node:path'
import { type RunOptions, runValidation, type ValidationReport } from './engine.js'
import { openSession } from './session.js'

export type { RuleResult, Sample, TableStatus, ValidationReport } from './engine.js'
export { runValidation } from './engine.js'
export { type Rule, ruleCatalogue } from './rules.js'
export { openSession, type Session } from './session.js'

/** Validates every table of a datasets directory against every rule that applies (see rules.ts). */
export async function validateDatasets(dir: string, opts: RunOptions = {}): Promise<ValidationReport> {
  const session = await openSession(resolve(dir))
  try {
    return await runValidation(session, opts)
  } finally {
    session.close()
  }
}
