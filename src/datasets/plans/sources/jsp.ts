import type { PlanAdapter, PlanAdapterResult } from '../types.js'

/** JSP: see ../README.md (stub until its adapter lands). */
export const jspPlans: PlanAdapter = {
  id: 'JSP',
  repo: '',
  async load(): Promise<PlanAdapterResult> {
    return { records: [], dropped: [], files: [] }
  },
}
