import type { Db } from '../../data/db.js'
import type { NameEntry, NameMatch } from '../../domain/name-search.js'
import { findMajors, type MajorEntry, majorEntries } from './majors.js'
import { findSchools, type SchoolEntry, schoolEntries } from './schools.js'

/** What can be found by what people type: a school or a major, each with how it is named and described. */
export interface Finder<E extends NameEntry> {
  /** 院校 / 专业: the word for it in messages */
  noun: string
  /** The CLI's word for it: `gaokao schools search`, `gaokao majors search` */
  group: 'schools' | 'majors'
  /** What names it exactly, for "请写得更具体 (…)" */
  exactly: string
  entries(db: Db): Promise<E[]>
  find(entries: readonly E[], text: string): Promise<NameMatch<E>[]>
  /** A few words that tell two entries apart in a list: 江苏 南京; 本科 080901 */
  describe(entry: E): string
}

export const SCHOOLS: Finder<SchoolEntry> = {
  noun: '院校',
  group: 'schools',
  exactly: '全称、简称或院校代码',
  entries: schoolEntries,
  find: findSchools,
  describe: (s) => [s.province, s.city !== s.province ? s.city : null, s.code].filter(Boolean).join(' '),
}

export const MAJORS: Finder<MajorEntry> = {
  noun: '专业',
  group: 'majors',
  exactly: '全称或专业代码',
  entries: majorEntries,
  find: findMajors,
  describe: (m) => `${m.level} ${m.code}`,
}
