import type { PlanAdapter, PlanAdapterResult } from '../types.js'

/** CG: see ../README.md (stub until its adapter lands). */
export const cgPlans: PlanAdapter = {
  id: 'CG',
  repo: '',
  async load(): Promise<PlanAdapterResult> {
    return { records: [], dropped: [], files: [] }
  },
}
