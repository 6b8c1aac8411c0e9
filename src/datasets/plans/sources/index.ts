import type { PlanAdapter, PlanSourceId } from '../types.js'
import { cgPlans } from './cg.js'
import { cqPlans } from './cq.js'
import { gaPlans } from './ga.js'
import { gpPlans } from './gp.js'
import { gxPlans } from './gx.js'
import { hbPlans } from './hb.js'
import { imPlans } from './im.js'
import { jspPlans } from './jsp.js'
import { lbPlans } from './lb.js'
import { lgPlans } from './lg.js'
import { shPlans } from './sh.js'
import { zjpPlans } from './zjp.js'

/** Every plan adapter; the order is the tie-break between records of one tier (see ../merge.ts). */
export const PLAN_ADAPTERS: readonly PlanAdapter[] = [
  lgPlans,
  gaPlans,
  shPlans,
  gxPlans,
  zjpPlans,
  hbPlans,
  cqPlans,
  imPlans,
  jspPlans,
  cgPlans,
  gpPlans,
  lbPlans,
]

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
    id: 'GX',
    repo: 'Linear27/guangxi-gaokao-2026-physics',
    licence: 'none (no licence file)',
    snapshot: 'fc62a66f',
    files:
      'public/data/tracks/{physics,history}/schools/<code>.json.gz, …/history/2025/guangxi-*-admission-lines.json.gz',
  },
  {
    id: 'ZJP',
    repo: 'SatoriYoukai/2026_Zhejiang_gaokao_enrollment_database',
    licence: 'none (no licence file)',
    snapshot: '477e3595',
    files: '2026年_普通类平行计划1_普通类平行录取_物理化学生物.xlsm (Sheet1)',
  },
  {
    id: 'HB',
    repo: 'cathyjay/hubei-gaokao-volunteer-2026',
    licence: 'none (no licence file)',
    snapshot: '3ae3927b',
    files: 'data/derived/hubei-{2023,2024,2025}-physics-toudang-parsed.csv',
  },
  {
    id: 'CQ',
    repo: 'la667-j/chongqinggaokao2026',
    licence: 'Apache-2.0',
    snapshot: 'ff4d2d95',
    files: 'source-data/重庆2023物理类.xlsx, source-data/历史/重庆2023历史类.xlsx (全部专业明细)',
  },
  {
    id: 'IM',
    repo: 'immaotianyi/gaokao-volunteer-v2',
    licence: 'MIT',
    snapshot: 'df4bd5c1',
    files: 'backend/data/plans_{2024,2025,2026}.csv (plans_2024_history.csv is a duplicate)',
  },
  {
    id: 'JSP',
    repo: 'ycxukun/jiangsu-plan',
    licence: 'none (no licence file)',
    snapshot: 'ed4f08b8',
    files:
      'identity_key_full_audit.csv.gz, data-major-details-part-NN.js.gz, group_change_mapping_audit.csv.gz',
  },
  {
    id: 'CG',
    repo: 'hamajun-tao/gaokao-pro',
    licence: 'MIT (declared in package.json; no LICENSE file)',
    snapshot: '1bfe4ff7',
    files: 'cli/data/college-groups/<school>-2025.json.gz',
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
