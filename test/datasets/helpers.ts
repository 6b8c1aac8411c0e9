import { existsSync } from 'node:fs'
import { resolve } from 'node:path'

/** Repository root (two levels above this file). */
export const ROOT = resolve(import.meta.dirname, '../..')
/** The fixture slices of every source, mirroring the sources' layout. */
export const FIXTURES = resolve(ROOT, 'fixtures/sources')
/** The real sources, beside the clone (CI has ../shared next to it). */
export const SHARED_SOURCES = resolve(ROOT, '../shared/data/sources')
export const hasSharedSources = existsSync(SHARED_SOURCES)
export const SHIPPED = resolve(ROOT, 'datasets')
