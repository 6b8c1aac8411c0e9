import type { PlanAdapter, PlanAdapterResult } from '../types.js'

/** HB: see ../README.md (stub until its adapter lands). */
export const hbPlans: PlanAdapter = {
  id: 'HB',
  repo: '',
  async load(): Promise<PlanAdapterResult> {
    return { records: [], dropped: [], files: [] }
  },
}
