import type { Db } from '../../data/db.js'
import { memoized } from '../../endpoints/caches.js'
import { majorNameKey } from '../smart-match/model/options.js'
import type { SchoolRef } from './model/match.js'

/** Every school's id, name and code, to find a listed school by (bound, no input text). */
export function schoolRefs(db: Db): Promise<SchoolRef[]> {
  return db.all<SchoolRef>('SELECT sid, name, code FROM schools')
}

/**
 * The province's own 院校代号 in a year's plan (plans.local_school_code, where a plan book gives them: 江苏, 浙江,
 * 广西 2026), each of one school only (a code two schools share names neither): every school of the plan, judged or
 * not, so that a code of the plan is never said to be none. Read once per province and year: a check request
 * would otherwise scan the plans for them every time, and the datasets do not change while serving.
 */
export function localSchoolCodes(
  db: Db,
  province: string,
  year: number,
): Promise<{ code: string; sid: number }[]> {
  return memoized(db, 'check-local-school-codes', `${province}|${year}`, () =>
    db.all<{ code: string; sid: number }>(
      `SELECT local_school_code AS code, min(sid) AS sid FROM plans
       WHERE province = ? AND year = ? AND local_school_code IS NOT NULL
       GROUP BY local_school_code HAVING count(DISTINCT sid) = 1`,
      [province, year],
    ),
  )
}

/**
 * Each catalogue major's class (majors.class_name: 通信工程 → 电子信息类), keyed by the name as the matching keys it
 * (majorNameKey), for the majors a warning suggests (model/near-majors.ts). Read once: the datasets do not change.
 */
export function majorClasses(db: Db): Promise<Map<string, string>> {
  return memoized(db, 'check-major-classes', '', async () => {
    const rows = await db.all<{ name: string; class_name: string }>(
      `SELECT DISTINCT name, class_name FROM majors WHERE class_name IS NOT NULL AND class_name <> ''`,
    )
    const out = new Map<string, string>()
    for (const r of rows) out.set(majorNameKey(r.name), r.class_name)
    return out
  })
}
