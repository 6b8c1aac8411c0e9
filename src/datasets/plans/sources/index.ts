import type { PlanAdapter, PlanSourceId } from '../types.js'
import { gaPlans } from './ga.js'
import { gpPlans } from './gp.js'
import { imPlans } from './im.js'
import { lbPlans } from './lb.js'
import { lgPlans } from './lg.js'
import { shPlans } from './sh.js'

/** Every plan adapter; the order is the tie-break between records of one tier (see ../merge.ts). */
export const PLAN_ADAPTERS: readonly PlanAdapter[] = [lgPlans, gaPlans, shPlans, imPlans, gpPlans, lbPlans]

export const PLAN_SOURCE_ORDER: readonly PlanSourceId[] = PLAN_ADAPTERS.map((a) => a.id)

export interface PlanSourceInfo {
  id: PlanSourceId
  repo: string
  licence: string
  snapshot: string
  files: string
}

/** The repos read for plans, per ../shared/data/INVENTORY.md (SH and LB are not score_ranks sources). */
export const PLAN_SOURCES: readonly PlanSourceInfo[] = [
  {
    id: 'LG',
    repo: 'liuguanghui0226/gaokao-zhiyuan-site',
    licence: 'none (no licence file)',
    snapshot: 'da347d07',
    files: 'site/data/release-v*/<slug>.json.gz: records',
  },
  {
    id: 'GA',
    repo: 'insensible104/GaokaoAgent',
    licence: 'Apache-2.0',
    snapshot: 'c673b943',
    files: 'backend/data/20{21..24}_{physics,history}.csv, backend/data/2025_enrollment_历史.csv',
  },
  {
    id: 'SH',
    repo: '666keke/Shanghai-Gaokao',
    licence: 'none (no licence file)',
    snapshot: '404c62a2',
    files: 'data.json',
  },
  {
    id: 'IM',
    repo: 'immaotianyi/gaokao-volunteer-v2',
    licence: 'MIT',
    snapshot: 'df4bd5c1',
    files: 'backend/data/plans_{2024,2025,2026}.csv (plans_2024_history.csv is a duplicate)',
  },
  {
    id: 'GP',
    repo: 'hamajun-tao/gaokao-pro',
    licence: 'MIT (declared in package.json; no LICENSE file)',
    snapshot: '1bfe4ff7',
    files: 'cli/data/school-index.json.gz (pro_type_min), cli/data/datasets/college-groups-2025.json',
  },
  {
    id: 'LB',
    repo: 'labolado/gaokao_2016-2020',
    licence: 'none (no licence file)',
    snapshot: 'e0e34c42',
    files: '<省>-{文科,理科}.xlsx.zip',
  },
]
