import type { PlanAdapter, PlanAdapterResult } from '../types.js'

/** CQ: see ../README.md (stub until its adapter lands). */
export const cqPlans: PlanAdapter = {
  id: 'CQ',
  repo: '',
  async load(): Promise<PlanAdapterResult> {
    return { records: [], dropped: [], files: [] }
  },
}
