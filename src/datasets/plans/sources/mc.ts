import { existsSync } from 'node:fs'
import { csvRecords, join, readText, relPath } from '../../sources/files.js'
import { clean } from '../normalize.js'

/**
 * MC = manmonthW/gaokao-canmou, `etl/data/swyc_batches.csv` (一流本科专业建设点, national and provincial: school_name,
 * major_name, batch, batch_year, tier). Read only for the `is_dual_class` flag of major rows: 1 when the school's
 * major is a 一流专业 建设点. No rows come from it.
 */
export const REPO = 'manmonthW__gaokao-canmou'

export interface FirstClassMajors {
  file: string | null
  /** [school name, major name] as published */
  pairs: [string, string][]
}

export async function loadFirstClassMajors(sourcesDir: string): Promise<FirstClassMajors> {
  const path = join(sourcesDir, REPO, 'etl', 'data', 'swyc_batches.csv')
  if (!existsSync(path)) return { file: null, pairs: [] }
  const pairs: [string, string][] = []
  for (const r of csvRecords(await readText(path))) {
    const school = clean(r.school_name)
    const major = clean(r.major_name)
    if (school !== '' && major !== '') pairs.push([school, major])
  }
  return { file: relPath(sourcesDir, path), pairs }
}
