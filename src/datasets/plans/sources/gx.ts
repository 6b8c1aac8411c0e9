import type { PlanAdapter, PlanAdapterResult } from '../types.js'

/** GX: see ../README.md (stub until its adapter lands). */
export const gxPlans: PlanAdapter = {
  id: 'GX',
  repo: '',
  async load(): Promise<PlanAdapterResult> {
    return { records: [], dropped: [], files: [] }
  },
}
