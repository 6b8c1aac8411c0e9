import type { Db } from '../../data/db.js'
import { Where } from './sql.js'

/** The query of SPEC 4.17 over `plans`. */

/** A plan record of the school, as SPEC 2.17 `zy_list` shows it, with the stored planned number. */
export interface PlanRecord {
  spname: string
  spcode: string | null
  num: number | null
  length: string | null
  tuition: number | null
  min: number | null
  min_section: number | null
  year: number
  local_batch_name: string
  kemu: string
  sg_infos: string | null
  sg_name: string | null
  is_dual_class: number
  /** The province's own 院校代号 and 专业代号, where a source gives them: for the terminal only (not in 2.17) */
  local_school_code: string | null
  local_sp_code: string | null
}

/**
 * A school's plan records, of one province and one year when given: latest year first, then by province and
 * group name (the unnamed group last), then lowest score descending.
 */
export function schoolPlanRecords(
  db: Db,
  sid: number,
  province: string | undefined,
  year: number | undefined,
): Promise<PlanRecord[]> {
  const where = new Where().add('sid = ?', sid)
  if (province !== undefined) where.add('province = ?', province)
  if (year !== undefined) where.add('year = ?', year)
  return db.all<PlanRecord>(
    `SELECT spname, spcode, num, length, tuition, "min", min_section, year, local_batch_name,
            subject_type AS kemu, sg_infos, sg_name, is_dual_class, local_school_code, local_spcode AS local_sp_code
     FROM plans WHERE ${where}
     ORDER BY year DESC, province, coalesce(sg_name, '') = '', sg_name, "min" DESC NULLS LAST, spname, id`,
    where.params,
  )
}
