import type { Db } from '../../data/db.js'
import { ART_EXAM_CLASSES, ART_EXAM_CODES } from '../../domain/art-admission.js'
import { memoized } from '../caches.js'
import { placeholders } from './sql.js'

/**
 * The ids of the majors admitted only through the art exam (domain/art-admission.ts), once per open dataset;
 * none without the majors table.
 */
export function artExamMajorIds(db: Db): Promise<number[]> {
  return memoized(db, 'art-exam-majors', 'all', async () => {
    if (!db.has('majors')) return []
    const rows = await db.all<{ major_id: number }>(
      `SELECT major_id FROM majors WHERE level = '本科' AND major_id IS NOT NULL
         AND (class_name IN (${placeholders(ART_EXAM_CLASSES)}) OR code IN (${placeholders(ART_EXAM_CODES)}))
       ORDER BY major_id`,
      [...ART_EXAM_CLASSES, ...ART_EXAM_CODES],
    )
    return rows.map((r) => r.major_id)
  })
}
