import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import type { SchoolRow } from '../../src/datasets/schools/match.js'

/** Repository root (two levels above this file). */
export const ROOT = resolve(import.meta.dirname, '../..')
/** The fixture slices of every source, mirroring the sources' layout. */
export const FIXTURES = resolve(ROOT, 'fixtures/sources')
/** The real sources, beside the clone (CI has ../shared next to it). */
export const SHARED_SOURCES = resolve(ROOT, '../shared/data/sources')
export const hasSharedSources = existsSync(SHARED_SOURCES)
export const SHIPPED = resolve(ROOT, 'datasets')

/** A schools-table row for builder tests: a 普通本科 of its province with nothing else known. */
export const schoolRow = (
  over: Partial<SchoolRow> & Pick<SchoolRow, 'sid' | 'name' | 'province'>,
): SchoolRow => ({
  code: String(10000 + over.sid),
  moe_code: null,
  city: null,
  level_name: '普通本科',
  type_name: null,
  nature_name: null,
  belong: null,
  f985: 0,
  f211: 0,
  dual_class: 0,
  logo: '',
  hot: over.sid,
  zybw: 0,
  qjjh: 0,
  sgjh: 0,
  provenance: 'real',
  source: 'test',
  ...over,
})
