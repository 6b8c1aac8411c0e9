import type { SourceAdapter, SourceId } from '../types.js'
import { ga } from './ga.js'
import { gp } from './gp.js'
import { im } from './im.js'
import { lg } from './lg.js'
import { lu } from './lu.js'
import { lx } from './lx.js'
import { zq } from './zq.js'

/** Every adapter, in priority order (best first). */
export const ADAPTERS: readonly SourceAdapter[] = [lg, ga, lu, gp, zq, lx, im]

/**
 * Priority among sources when agreement does not decide: official LG > GA (广东) > LU (重庆) > GP > ZQ >
 * LX > IM. GA and LU only hold one province each, so a flat order expresses the rule. ZQ (tables the
 * authorities published, some read from images) fills years no other source has (福建, 河北, 湖北, 江苏
 * 2021-2023, 浙江 2022); below GP, whose tables of those provinces' other years passed every cross-check.
 */
export const PRIORITY: readonly SourceId[] = ['LG', 'GA', 'LU', 'GP', 'ZQ', 'LX', 'IM']

export const PRIORITY_RULE =
  'Per table (province, year, km, level): candidates that fail the checks are rejected. If two or more ' +
  'remaining sources agree on every common score (at least 10 common scores), that agreement wins: the ' +
  'member of the largest agreeing group with the most non-empty rows is shipped (ties by priority). Otherwise the candidate that ' +
  'agrees with the others at the most common scores wins. Ties go by priority: official LG > GA (广东) > ' +
  'LU (重庆) > GP > ZQ > LX > IM.'

export interface SourceInfo {
  id: SourceId
  repo: string
  licence: string
  snapshot: string
}

/** Source repos and licences, per ../shared/data/INVENTORY.md. */
export const SOURCES: readonly SourceInfo[] = [
  {
    id: 'LG',
    repo: 'liuguanghui0226/gaokao-zhiyuan-site',
    licence: 'none (no licence file)',
    snapshot: 'da347d07',
  },
  { id: 'GA', repo: 'insensible104/GaokaoAgent', licence: 'Apache-2.0', snapshot: 'c673b943' },
  { id: 'LU', repo: 'luanche/gaokao-data', licence: 'none (no licence file)', snapshot: 'fa468c52' },
  {
    id: 'GP',
    repo: 'hamajun-tao/gaokao-pro',
    licence: 'MIT (declared in package.json; no LICENSE file)',
    snapshot: '1bfe4ff7',
  },
  { id: 'ZQ', repo: 'WJSGZZ/Zhiqu', licence: 'MIT', snapshot: '2026-09/10 versions' },
  { id: 'LX', repo: 'liuxusummer/gaokao-advisor', licence: 'MIT', snapshot: 'af2f7be9' },
  { id: 'IM', repo: 'immaotianyi/gaokao-volunteer-v2', licence: 'MIT', snapshot: 'df4bd5c1' },
]
