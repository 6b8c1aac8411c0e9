import type { PlanAdapter, PlanAdapterResult } from '../types.js'

/** ZJP: see ../README.md (stub until its adapter lands). */
export const zjpPlans: PlanAdapter = {
  id: 'ZJP',
  repo: '',
  async load(): Promise<PlanAdapterResult> {
    return { records: [], dropped: [], files: [] }
  },
}
