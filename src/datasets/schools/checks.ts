import { findProvince } from '../../domain/provinces.js'
import { normalizeSchoolName } from './normalize.js'
import type { SchoolRow } from './types.js'

export interface SchoolViolation {
  rule: string
  sid: number
  message: string
}

const LEVELS = new Set(['普通本科', '专科(高职)'])
const SLUG = /^[0-9A-Za-z_-]+$/u

/**
 * The checks that refuse the schools table: unique sid, code and name (also after normalisation, so that the
 * matcher is never ambiguous); a code is a URL slug and never equals another school's sid (also read as a
 * number); level_name is one of the SPEC 4.9 strings; flags in {0, 985}, {0, 211}, {0, 1}; a known province;
 * hot a permutation of 1..n; provenance and source set.
 */
export function checkSchools(rows: readonly SchoolRow[]): SchoolViolation[] {
  const out: SchoolViolation[] = []
  const v = (rule: string, sid: number, message: string) => out.push({ rule, sid, message })
  const sids = new Map<number, SchoolRow>()
  const codes = new Map<string, SchoolRow>()
  const names = new Map<string, SchoolRow>()
  const hots = new Set<number>()
  for (const r of rows) {
    if (!Number.isInteger(r.sid) || r.sid <= 0) v('sid', r.sid, `sid must be a positive integer: ${r.sid}`)
    if (sids.has(r.sid)) v('unique-sid', r.sid, `sid ${r.sid} repeats (${r.name})`)
    sids.set(r.sid, r)
    if (!SLUG.test(r.code)) v('code', r.sid, `code '${r.code}' is not a URL slug (${r.name})`)
    if (codes.has(r.code))
      v('unique-code', r.sid, `code ${r.code} repeats (${r.name}, ${codes.get(r.code)?.name})`)
    codes.set(r.code, r)
    const n = normalizeSchoolName(r.name)
    if (!r.name) v('name', r.sid, 'empty name')
    if (names.has(n)) v('unique-name', r.sid, `name ${r.name} repeats (sid ${names.get(n)?.sid})`)
    names.set(n, r)
    if (!LEVELS.has(r.level_name)) v('level_name', r.sid, `level_name '${r.level_name}' (${r.name})`)
    if (r.f985 !== 0 && r.f985 !== 985) v('f985', r.sid, `f985 ${r.f985} (${r.name})`)
    if (r.f211 !== 0 && r.f211 !== 211) v('f211', r.sid, `f211 ${r.f211} (${r.name})`)
    for (const f of ['dual_class', 'zybw', 'qjjh', 'sgjh'] as const)
      if (r[f] !== 0 && r[f] !== 1) v(f, r.sid, `${f} ${r[f]} (${r.name})`)
    const p = findProvince(r.province)
    if (!p || p.name !== r.province) v('province', r.sid, `unknown province '${r.province}' (${r.name})`)
    if (r.moe_code !== null && !/^\d{10}$/u.test(r.moe_code))
      v('moe_code', r.sid, `moe_code '${r.moe_code}' is not 10 digits (${r.name})`)
    if (!Number.isInteger(r.hot) || r.hot < 1 || r.hot > rows.length || hots.has(r.hot))
      v('hot', r.sid, `hot ${r.hot} is not a unique position 1..${rows.length} (${r.name})`)
    hots.add(r.hot)
    if (!['real', 'derived', 'synthetic'].includes(r.provenance))
      v('provenance', r.sid, `provenance '${r.provenance}' (${r.name})`)
    if (!r.source) v('source', r.sid, `empty source (${r.name})`)
  }
  for (const r of rows) {
    const other = sids.get(Number(r.code))
    if (/^\d+$/u.test(r.code) && other && other !== r)
      v('code-sid', r.sid, `code ${r.code} of ${r.name} reads as the sid of ${other.name}`)
  }
  return out
}
