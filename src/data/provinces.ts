import type { Db } from './db.js'

export interface ProvinceRow {
  name: string
  full_name: string
  exam_mode: string
  full_score: number
}

/** The province list in its official order (the `provinces` dataset). */
export async function provinceRows(db: Db): Promise<ProvinceRow[]> {
  return db.all<ProvinceRow>(`SELECT name, full_name, exam_mode, full_score FROM provinces ORDER BY sort`)
}
